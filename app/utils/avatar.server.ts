import crypto from 'node:crypto'
import { portalEnv } from './env.server'

export const DEFAULT_AVATAR = '/img/default-avatar.svg'

/** The user menu's avatar: MD5 of the trimmed, lower-cased email at the avatar service, with a default image. */
export function avatarUrl(email: string): string {
  if (portalEnv().avatarService === 'none') return DEFAULT_AVATAR
  const hash = crypto.createHash('md5').update(email.trim().toLowerCase()).digest('hex')
  return `https://www.gravatar.com/avatar/${hash}?s=64&d=mp`
}
