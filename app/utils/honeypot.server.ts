import { Honeypot, SpamError } from 'remix-utils/honeypot/server'
import { portalEnv } from './env.server'

let instance: Honeypot | undefined

/**
 * Public forms (sign-in, purchase, redeem) carry a honeypot; a bot that fills it is turned away. Its fields are
 * encrypted with HONEYPOT_SECRET, so a form served before a restart (or by another instance) is still accepted.
 */
export function honeypot(): Honeypot {
  return (instance ??= new Honeypot({
    validFromFieldName: process.env.NODE_ENV === 'test' ? null : undefined,
    encryptionSeed: portalEnv().secrets.honeypot,
  }))
}

/** Throws a 400 response when the honeypot caught a bot. */
export function checkHoneypot(formData: FormData): void {
  try {
    honeypot().check(formData)
  } catch (error) {
    if (error instanceof SpamError) throw new Response('Form not submitted properly', { status: 400 })
    throw error
  }
}
