// Paddle Classic webhook signatures (base64 RSA-SHA1 over PHP-serialized sorted fields), the sandbox's too.
import crypto from 'node:crypto'
import { phpSerializeStrings } from './php-serialize.js'

export type AlertFields = Record<string, string>

/** PHP `ksort`, then serialized. */
export function signedPayload(fields: Record<string, unknown>): string {
  const keys = Object.keys(fields)
    .filter((key) => key !== 'p_signature')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return phpSerializeStrings(keys.map((key) => [key, stringValue(fields[key])] as const))
}

function stringValue(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

export function verifyAlertSignature(fields: Record<string, unknown>, publicKeyPem: string): boolean {
  const signature = fields.p_signature
  if (typeof signature !== 'string' || signature.length === 0) return false
  try {
    const verifier = crypto.createVerify('sha1')
    verifier.update(signedPayload(fields), 'utf8')
    verifier.end()
    return verifier.verify(publicKeyPem, Buffer.from(signature, 'base64'))
  } catch {
    // A malformed key or signature is not a valid signature.
    return false
  }
}

/** For the sandbox's webhooks and tests. */
export function signAlert(fields: AlertFields, privateKeyPem: string): AlertFields {
  const signer = crypto.createSign('sha1')
  signer.update(signedPayload(fields), 'utf8')
  signer.end()
  return { ...fields, p_signature: signer.sign(privateKeyPem, 'base64') }
}
