import { Honeypot, SpamError } from 'remix-utils/honeypot/server'
import type { AppLoadContext } from '@remix-run/node'
import { oneLine } from '#protocol/text'
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

/** Throws a 400 response when the honeypot caught a bot, and says why in the log. */
export function checkHoneypot(formData: FormData, context: AppLoadContext, form: string): void {
  try {
    honeypot().check(formData)
  } catch (error) {
    if (error instanceof SpamError) {
      // A bot, or a form kept open across a change of HONEYPOT_SECRET (the trap's fields no longer read).
      context.log?.warn(`The ${form} form was refused: its bot trap (honeypot) says ${oneLine(error.message, 200)}.`)
      throw new Response('Form not submitted properly', { status: 400 })
    }
    throw error
  }
}
