import { json, type MetaFunction } from '@remix-run/node'
import { EmailConfirmationOutcomeView } from '#app/components/account/email-confirmation-outcome'
import { emailConfirmationMessage } from '#app/rules/messages/errors'
import type { FrameHandle } from '#app/root'

/** Without a confirmation the link is not valid (spec §2, §8). */
export function loader() {
  return json({ valid: false }, { status: 400 })
}

export default function ConfirmEmailWithoutToken() {
  return (
    <EmailConfirmationOutcomeView outcome={{ kind: 'error', message: emailConfirmationMessage('INVALID_SIGNATURE') }} />
  )
}

/** An outcome to read (decision 20). */
export const handle: FrameHandle = { scripts: false }

export const meta: MetaFunction = () => [{ title: 'Confirm Change of Email Address | License Portal' }]
