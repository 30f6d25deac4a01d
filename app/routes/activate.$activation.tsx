import { parseWithZod } from '#app/utils/conform-zod'
import {
  json,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from '@remix-run/react'
import * as z from 'zod/mini'
import { Id } from '#protocol/shared/limits'
import { HomeLink, OutcomePage, OutcomeText } from '#app/components/account/outcome-page'
import { ActivationOutcomeView, type ActivationOutcome } from '#app/components/account/activation-outcome'
import { activationErrorHeading, activationOutcome, tooManyActivationsText } from '#app/rules/messages/activation'
import { activationMessages } from '#protocol/licenses/licenses'
import { unexpectedError } from '#protocol/shared/errors'
import { callLicensing } from '#app/utils/licensing.server'
import { readFormData } from '#app/utils/form.server'
import type { FrameHandle } from '#app/root'

/** Written for Proceed with nothing chosen (the spec names the list and the button, not this case). */
export const chooseActivationMessage = 'Choose at least one activation to remove.'

const DeactivateSchema = z.object({
  deactivate: z
    .array(Id, {
      error: (issue) => (issue.input === undefined ? chooseActivationMessage : undefined),
    })
    .check(z.minLength(1, chooseActivationMessage), z.maxLength(10)),
})

/** Spec §2: a second visit answers ALREADY_ACTIVATED (success); over 3 the page lists machines to remove. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { outcome, status } = await confirmActivation(params.activation ?? '', [], context)
  return json(outcome, { status })
}

/** Removing the chosen machines first. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: DeactivateSchema })
  if (submission.status !== 'success') {
    return json({ kind: 'invalid' as const, message: chooseActivationMessage }, { status: 400 })
  }
  const { outcome, status } = await confirmActivation(params.activation ?? '', submission.value.deactivate, context)
  return json(outcome, { status })
}

async function confirmActivation(
  passthrough: string,
  deactivate: string[],
  context: AppLoadContext,
): Promise<{ outcome: ActivationOutcome; status: number }> {
  if (!passthrough || passthrough.length > 4000) {
    return { outcome: { kind: 'error', message: activationMessages.INVALID_SIGNATURE }, status: 400 }
  }
  const answer = await callLicensing('confirmActivation', { passthrough, deactivate }, { context })
  if (answer.ok) {
    if ('activations' in answer.result) {
      return { outcome: { kind: 'tooMany', activations: answer.result.activations }, status: 200 }
    }
    return { outcome: { kind: 'confirmed' }, status: 200 }
  }
  const outcome = activationOutcome(answer.error)
  if (outcome.kind === 'confirmed') return { outcome, status: 200 }
  // TOO_MANY_ACTIVATIONS as an error carries no list to choose from: nothing can be removed from here.
  if (outcome.kind === 'tooMany') return { outcome: { kind: 'error', message: tooManyActivationsText }, status: 409 }
  return { outcome, status: outcome.message === unexpectedError ? 502 : 400 }
}

// After Proceed the action's answer is what the page shows; confirming again from the loader would add nothing.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate

export default function ActivateRoute() {
  const loaded = useLoaderData<typeof loader>() as ActivationOutcome
  const acted = useActionData<typeof action>() as ActivationOutcome | { kind: 'invalid'; message: string } | undefined
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'

  let outcome: ActivationOutcome = loaded
  if (acted?.kind === 'invalid') {
    if (loaded.kind === 'tooMany') outcome = { ...loaded, message: acted.message }
  } else if (acted) {
    outcome = acted
  }
  return <ActivationOutcomeView outcome={outcome} busy={busy} />
}

/** An outcome, or Too Many Activations' Proceed: a plain post, so the page ships no script (decision 20). */
export const handle: FrameHandle = { scripts: false }

export const meta: MetaFunction = () => [{ title: 'License Activation | License Portal' }]

export function ErrorBoundary() {
  return (
    <OutcomePage heading={activationErrorHeading}>
      <OutcomeText>{unexpectedError}</OutcomeText>
      <HomeLink>Go to the sign-in page</HomeLink>
    </OutcomePage>
  )
}
