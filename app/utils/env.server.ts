import { config, type Config } from '../../config/config.js'

/** The portal's part of the process configuration (`config/config.ts`), read once. */
export function portalEnv(): Config {
  return config()
}
