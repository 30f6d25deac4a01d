import { json, type MetaFunction } from '@remix-run/node'
import { activationMessages } from '#protocol/licenses/licenses'
import { ActivationOutcomeView } from '#app/components/account/activation-outcome'
import type { FrameHandle } from '#app/root'

/** Without a token the link is not valid (spec §2, §8). */
export function loader() {
  return json({ message: activationMessages.INVALID_SIGNATURE }, { status: 400 })
}

export default function ActivateWithoutToken() {
  return <ActivationOutcomeView outcome={{ kind: 'error', message: activationMessages.INVALID_SIGNATURE }} />
}

/** An outcome to read (decision 20). */
export const handle: FrameHandle = { scripts: false }

export const meta: MetaFunction = () => [{ title: 'License Activation | License Portal' }]
