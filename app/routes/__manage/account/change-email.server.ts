import { parseWithZod } from '#app/utils/conform-zod'
import { json, redirect } from '@remix-run/node'
import { errorMessageFor } from '#app/rules/messages/errors'
import { callLicensing } from '#app/utils/licensing.server'
import { destroySessionHeaders, getSession } from '#app/utils/session.server'
import type { DialogLoader, ManageAction } from '../shared/registry'
import { changeEmailSchema } from './change-email.schema'
import { isPersonalHolder } from './holder'

/** The "Change Email Address Complete" dialog, signed out. */
export const CHANGE_EMAIL_REQUESTED_PATH = '/confirmEmail/requested'

export type ChangeEmailDialogData = { currentEmail: string }

/** Personal license holders only (spec §2, §6); anyone else gets a 404. */
export const changeEmailDialog: DialogLoader<ChangeEmailDialogData> = async ({ page }) => {
  if (!isPersonalHolder(page)) throw json({ message: 'Not found' }, { status: 404 })
  return { currentEmail: page.email } satisfies ChangeEmailDialogData
}

/** The service mails a link to the new address; both sessions end and the Complete dialog shows (§4). */
export const changeEmail: ManageAction = async ({ request, user, context, formData }) => {
  // The menu offers the dialog to personal holders only; the /manage loader records that with the session.
  const session = await getSession(request)
  if (session.get('hasPersonalLicenses') !== true) throw json({ message: 'Not found' }, { status: 404 })

  const submission = parseWithZod(formData, { schema: changeEmailSchema(user.email) })
  if (submission.status !== 'success') {
    return json({ intent: 'change-email' as const, result: submission.reply() }, { status: 400 })
  }
  const answer = await callLicensing(
    'transferLicenses',
    { transferTo: submission.value.newEmail },
    { credential: user.credential, context },
  )
  if (!answer.ok) {
    // A spent mail budget of the new address: the service's message says until when.
    const message = answer.error === 'RATE_LIMITED' ? answer.message : errorMessageFor(answer.error)
    return json(
      { intent: 'change-email' as const, result: submission.reply({ formErrors: [message] }) },
      { status: answer.error === 'UNEXPECTED' ? 502 : answer.error === 'RATE_LIMITED' ? 429 : 400 },
    )
  }
  await callLicensing('logout', {}, { credential: user.credential, context })
  return redirect(CHANGE_EMAIL_REQUESTED_PATH, { headers: await destroySessionHeaders(request) })
}
