// Client secrets at rest: AES-256-GCM under a key derived (HKDF) from the configured key, the company's id as
// associated data so a sealed secret copied to another company's row does not open.
import crypto from 'node:crypto'

const VERSION = 'v1'

function keyOf(configured: Buffer): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', configured, Buffer.alloc(0), 'company sign-in client secrets v1', 32))
}

export function sealSecret(configured: Buffer, companyId: string, secret: string): string {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(configured), iv)
  cipher.setAAD(Buffer.from(companyId))
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
}

/** The secret, or null when it does not open (another key, another company's row, damaged). */
export function openSecret(configured: Buffer, companyId: string, sealed: string): string | null {
  const [version, data, extra] = sealed.split('.')
  if (version !== VERSION || !data || extra !== undefined) return null
  const raw = Buffer.from(data, 'base64url')
  if (raw.length < 28) return null
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(configured), raw.subarray(0, 12))
    decipher.setAAD(Buffer.from(companyId))
    decipher.setAuthTag(raw.subarray(12, 28))
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
