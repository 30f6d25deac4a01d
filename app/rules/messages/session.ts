// A session that ended or was refused (§8): the dialog /manage shows before the visitor is logged out.
import { unexpectedError } from '#protocol/shared/errors'
import { ownValue } from '#protocol/shared/own'

export type ErrorDialogText = { title: string; message: string }

export const sessionErrors: Record<'INVALID_AGE' | 'INVALID_SIGNATURE' | 'NO_USER', ErrorDialogText> = {
  INVALID_AGE: { title: 'Session Expiry', message: 'Your session has expired.' },
  INVALID_SIGNATURE: { title: 'Session Expiry', message: 'Your session is not valid.' },
  NO_USER: { title: 'No Licenses Found', message: 'There are no licenses associated with your email address.' },
}
export const sessionErrorFallback: ErrorDialogText = { title: 'Something went wrong', message: unexpectedError }
export const loggedOutNotice = 'You will now be logged out.'
/** Written for the spec's "asks the user to contact support by email". */
export const contactSupportLine = (supportEmail: string) =>
  `If the problem persists, please contact support at ${supportEmail}.`

export function sessionError(
  code: string,
  supportEmail: string,
): ErrorDialogText & { notice: string; support?: string } {
  const named = ownValue(sessionErrors, code)
  if (named) return { ...named, notice: loggedOutNotice }
  return { ...sessionErrorFallback, notice: loggedOutNotice, support: contactSupportLine(supportEmail) }
}
