import type { MetaFunction } from '@remix-run/node'
import { ChangeEmailCompleteDialog } from '#app/components/account/change-email-complete-dialog'

/**
 * Where a requested change of email address lands (spec §4: "on completed the user is logged out and the Complete
 * dialog appears"). Its own address, so that it shows after the logout's redirect with or without script. A
 * confirmation token always contains a dot, so it never reads "requested".
 */
export default function ChangeEmailRequested() {
  return <ChangeEmailCompleteDialog />
}

export const meta: MetaFunction = () => [{ title: 'Change Email Address Complete | License Portal' }]
