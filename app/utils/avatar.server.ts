import crypto from 'node:crypto'
import { portalEnv } from './env.server'

/** The avatar service's picture (spec §2: MD5 of the trimmed, lower-cased email); `d=404` lets the initials show. */
export function avatarUrl(email: string): string | null {
  if (portalEnv().avatarService === 'none') return null
  const hash = crypto.createHash('md5').update(email.trim().toLowerCase()).digest('hex')
  return `https://www.gravatar.com/avatar/${hash}?s=64&d=404`
}
