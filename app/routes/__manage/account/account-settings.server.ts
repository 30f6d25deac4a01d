import { parseWithZod } from '#app/utils/conform-zod'
import { json } from '@remix-run/node'
import type { AccountSettings } from '#protocol/entities'
import { errorMessageFor } from '#app/rules/messages/errors'
import { callLicensing } from '#app/utils/licensing.server'
import { redirectToProvider } from '#app/utils/oauth-state.server'
import type { DialogLoader, ManageAction } from '../shared/registry'
import { AccountSettingsSchema, LinkAccountSchema } from './account-settings.schema'
import { changed } from '../shared/changed.server'
import { settingsSaved } from '#app/rules/changes'

export type AccountSettingsDialogData = { email: string } & (
  { kind: 'settings'; settings: AccountSettings } | { kind: 'error'; message: string }
)

export type AccountSettingsActionData = {
  intent: 'account-settings'
  message: string
  /** Shown again beside the error. */
  draft: AccountSettings
}

/** `?dialog=account-settings` (spec §7 `accountSettings`, no payload). */
export const accountSettingsDialog: DialogLoader<AccountSettingsDialogData> = async ({ user, context, page }) => {
  const answer = await callLicensing('accountSettings', {}, { credential: user.credential, context })
  const { email } = page
  if (!answer.ok)
    return { email, kind: 'error', message: errorMessageFor(answer.error) } satisfies AccountSettingsDialogData
  return { email, kind: 'settings', settings: answer.result } satisfies AccountSettingsDialogData
}

/** Unlinks a provider (linking leaves for it); no change closes; else update, read (spec §7), close. */
export const saveAccountSettings: ManageAction = async ({ url, user, context, formData }) => {
  const submission = parseWithZod(formData, { schema: AccountSettingsSchema })
  if (submission.status !== 'success') return json({ error: 'The settings could not be read.' }, { status: 400 })

  const options = { credential: user.credential, context }
  const current = await callLicensing('accountSettings', {}, options)
  if (!current.ok) {
    const draft = {
      logonLink: submission.value.logonLink,
      githubLinked: false,
      googleLinked: false,
      renewalReminders: submission.value.renewalReminders === true,
    }
    return json<AccountSettingsActionData>(
      { intent: 'account-settings', message: errorMessageFor(current.error), draft },
      { status: current.error === 'UNEXPECTED' ? 502 : 400 },
    )
  }
  const draft: AccountSettings = {
    logonLink: submission.value.logonLink,
    githubLinked: current.result.githubLinked && submission.value.githubLinked === true,
    googleLinked: current.result.googleLinked && submission.value.googleLinked === true,
    renewalReminders: submission.value.renewalReminders === true,
  }
  const unchanged =
    draft.logonLink === current.result.logonLink &&
    draft.renewalReminders === current.result.renewalReminders &&
    draft.githubLinked === current.result.githubLinked &&
    draft.googleLinked === current.result.googleLinked
  const saved = (message: string) => changed({ url, user }, { message })
  if (unchanged) return saved(settingsSaved(user.email, current.result, draft))

  const answer = await callLicensing('updateAccountSettings', draft, options)
  if (!answer.ok) {
    return json<AccountSettingsActionData>(
      { intent: 'account-settings', message: errorMessageFor(answer.error), draft },
      { status: answer.error === 'UNEXPECTED' ? 502 : 400 },
    )
  }
  await callLicensing('accountSettings', {}, options)
  return saved(settingsSaved(user.email, current.result, draft))
}

/** Spec §4 "linking goes through a server redirect"; /auth/{provider}/ completes it and returns to this dialog. */
export const linkAccount: ManageAction = async ({ request, user, context, formData }) => {
  const parsed = LinkAccountSchema.safeParse({ provider: formData.get('provider') })
  if (!parsed.success) return json({ error: 'Unknown provider' }, { status: 400 })
  const provider = parsed.data.provider
  const callback = new URL(`/auth/${provider}/`, request.url).href
  const answer = await callLicensing(
    'linkAccount',
    { type: provider, callback },
    { credential: user.credential, context },
  )
  if (!answer.ok) {
    const current = await callLicensing('accountSettings', {}, { credential: user.credential, context })
    const draft = current.ok
      ? current.result
      : { logonLink: 'default' as const, githubLinked: false, googleLinked: false, renewalReminders: true }
    return json<AccountSettingsActionData>(
      { intent: 'account-settings', message: errorMessageFor(answer.error), draft },
      { status: answer.error === 'UNEXPECTED' ? 502 : 400 },
    )
  }
  // A document redirect to the provider's page, bound to this browser (login CSRF).
  return redirectToProvider(provider, answer.result.redirect)
}
