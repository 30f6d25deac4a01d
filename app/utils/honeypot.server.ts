import { Honeypot, SpamError } from 'remix-utils/honeypot/server'

/** Public forms (sign-in, purchase, redeem) carry a honeypot; a bot that fills it is turned away. */
export const honeypot = new Honeypot({
  validFromFieldName: process.env.NODE_ENV === 'test' ? null : undefined,
  encryptionSeed: process.env.HONEYPOT_SECRET,
})

/** Throws a 400 response when the honeypot caught a bot. */
export function checkHoneypot(formData: FormData): void {
  try {
    honeypot.check(formData)
  } catch (error) {
    if (error instanceof SpamError) throw new Response('Form not submitted properly', { status: 400 })
    throw error
  }
}
