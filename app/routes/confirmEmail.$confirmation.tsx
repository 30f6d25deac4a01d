import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import {
  EmailConfirmationOutcomeView,
  type EmailConfirmationOutcome,
} from '#app/components/account/email-confirmation-outcome'
import { emailConfirmationMessage } from '#app/rules/messages/errors'
import { unexpectedError } from '#protocol/shared/errors'
import { callLicensing } from '#app/utils/licensing.server'
import type { FrameHandle } from '#app/root'

/** Spec §2: the service moves everything to the new address once; a second use is refused and changes nothing. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const passthrough = params.confirmation ?? ''
  if (!passthrough || passthrough.length > 4000) {
    return json<EmailConfirmationOutcome>(
      { kind: 'error', message: emailConfirmationMessage('INVALID_SIGNATURE') },
      { status: 400 },
    )
  }
  const answer = await callLicensing('confirmEmailChange', { passthrough }, { context })
  if (answer.ok) return json<EmailConfirmationOutcome>({ kind: 'confirmed' })
  const message = emailConfirmationMessage(answer.error)
  return json<EmailConfirmationOutcome>({ kind: 'error', message }, { status: message === unexpectedError ? 502 : 400 })
}

export default function ConfirmEmailRoute() {
  const outcome = useLoaderData<typeof loader>() as EmailConfirmationOutcome
  return <EmailConfirmationOutcomeView outcome={outcome} />
}

/** An outcome to read (decision 20). */
export const handle: FrameHandle = { scripts: false }

export const meta: MetaFunction = () => [{ title: 'Confirm Change of Email Address | License Portal' }]

export function ErrorBoundary() {
  return <EmailConfirmationOutcomeView outcome={{ kind: 'error', message: unexpectedError }} />
}
