import { emailChangeConfirmedHeading, emailConfirmationErrorHeading } from '#app/rules/messages/activation'
import { HomeLink, OutcomePage, OutcomeText } from './outcome-page'

export type EmailConfirmationOutcome = { kind: 'confirmed' } | { kind: 'error'; message: string }

/** Spec §2, §8: "Change Confirmed", or the error heading and its message. */
export function EmailConfirmationOutcomeView({ outcome }: { outcome: EmailConfirmationOutcome }) {
  if (outcome.kind === 'confirmed') {
    return (
      <OutcomePage heading={emailChangeConfirmedHeading}>
        <OutcomeText>
          Your licenses, subscriptions and company permissions now belong to your new email address. Sign in with it to
          manage them.
        </OutcomeText>
        <HomeLink>Go to the sign-in page</HomeLink>
      </OutcomePage>
    )
  }
  return (
    <OutcomePage heading={emailConfirmationErrorHeading}>
      <OutcomeText>{outcome.message}</OutcomeText>
      <HomeLink>Go to the sign-in page</HomeLink>
    </OutcomePage>
  )
}
