import { Honeypot, SpamError, type HoneypotInputProps } from 'remix-utils/honeypot/server'
import type { AppLoadContext } from '@remix-run/node'
import { oneLine } from '#protocol/shared/text'
import { portalEnv } from './env.server'

let instance: Honeypot | undefined

/** Public forms' bot trap, encrypted with HONEYPOT_SECRET: a form served before a restart still works. */
export function honeypot(): Honeypot {
  return (instance ??= new Honeypot({
    validFromFieldName: process.env.NODE_ENV === 'test' ? null : undefined,
    encryptionSeed: portalEnv().secrets.honeypot,
  }))
}

/** For the loader of a page whose form has the trap, and only there: no other page is sent its fields. */
export function honeypotFields(): HoneypotInputProps {
  return honeypot().getInputProps()
}

/** A 400, with the reason in the log. */
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
