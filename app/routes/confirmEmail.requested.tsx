import type { MetaFunction } from '@remix-run/node'
import { ChangeEmailCompleteDialog } from '#app/components/account/change-email-complete-dialog'

/**
 * Spec §4: "on completed the user is logged out and the Complete dialog appears"; its own address, so it shows after
 * the logout's redirect. A confirmation token always contains a dot, so it never reads "requested".
 */
export default function ChangeEmailRequested() {
  return <ChangeEmailCompleteDialog />
}

export const meta: MetaFunction = () => [{ title: 'Change Email Address Complete | License Portal' }]
