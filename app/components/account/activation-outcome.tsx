import type { Activation } from '#protocol/entities'
import {
  activationConfirmedHeading,
  activationConfirmedText,
  activationErrorHeading,
  tooManyActivationsHeading,
  tooManyActivationsText,
} from '#app/rules/messages/activation'
import { HomeLink, OutcomePage, OutcomeText } from './outcome-page'
import { TooManyActivationsForm } from './too-many-activations-form'

/** Spec §2, §8. */
export type ActivationOutcome =
  | { kind: 'confirmed' }
  | { kind: 'tooMany'; activations: Activation[]; message?: string }
  | { kind: 'error'; message: string }

export function ActivationOutcomeView({ outcome, busy = false }: { outcome: ActivationOutcome; busy?: boolean }) {
  switch (outcome.kind) {
    case 'confirmed':
      return (
        <OutcomePage heading={activationConfirmedHeading}>
          <OutcomeText>{activationConfirmedText}</OutcomeText>
        </OutcomePage>
      )
    case 'tooMany':
      return (
        <OutcomePage heading={tooManyActivationsHeading}>
          <OutcomeText>{tooManyActivationsText}</OutcomeText>
          <TooManyActivationsForm activations={outcome.activations} message={outcome.message} busy={busy} />
        </OutcomePage>
      )
    case 'error':
      return (
        <OutcomePage heading={activationErrorHeading}>
          <OutcomeText>{outcome.message}</OutcomeText>
          <HomeLink>Go to the sign-in page</HomeLink>
        </OutcomePage>
      )
  }
}
