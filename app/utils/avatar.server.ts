import crypto from 'node:crypto'
import { portalEnv } from './env.server'

/**
 * The user menu's picture: MD5 of the trimmed, lower-cased email at the avatar service (spec §2), or null when the
 * service is off (AVATAR_SERVICE=none). The service answers 404 for an address without a picture (`d=404`), so that
 * the initials drawn under it show instead of a stock silhouette; they show too when the service cannot be reached.
 */
export function avatarUrl(email: string): string | null {
  if (portalEnv().avatarService === 'none') return null
  const hash = crypto.createHash('md5').update(email.trim().toLowerCase()).digest('hex')
  return `https://www.gravatar.com/avatar/${hash}?s=64&d=404`
}
