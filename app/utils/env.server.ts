import path from 'node:path'
import { z } from 'zod'

const Env = z.object({
  NODE_ENV: z.string().default('development'),
  DATA_DIR: z.string().default('./data'),
  SESSION_SECRET: z.string().min(32).optional(),
  /** Set to talk to a remote licensing service over HTTP; unset, the embedded one is used in process. */
  LICENSING_API_URL: z.string().url().optional(),
  /** How long one call to the licensing service may take before it counts as failed (and is retried), in ms. */
  LICENSING_TIMEOUT_MS: z.coerce.number().int().min(1).max(300_000).default(10_000),
  /** `gravatar` (default) or `none` (a local default image; for privacy-minded or offline deployments). */
  AVATAR_SERVICE: z.enum(['gravatar', 'none']).default('gravatar'),
  SUPPORT_EMAIL: z.string().email().default('support@license-portal.test'),
})

export type PortalEnv = z.infer<typeof Env> & { dataDir: string; production: boolean }

let cached: PortalEnv | undefined

/** The portal's environment, parsed once. */
export function portalEnv(): PortalEnv {
  if (!cached) {
    const parsed = Env.parse(process.env)
    cached = { ...parsed, dataDir: path.resolve(parsed.DATA_DIR), production: parsed.NODE_ENV === 'production' }
  }
  return cached
}
