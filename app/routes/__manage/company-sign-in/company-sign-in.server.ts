// The Single Sign-On dialog (`?dialog=company-sign-in&company=ID`): the company's OpenID Connect provider and whether
// its verified domains must use it. The service checks the issuer's discovery document before it saves.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '#app/utils/conform-zod'
import { json } from '@remix-run/node'
import type { CompanySignInSettings } from '#protocol/company-sign-in/operations'
import { mayManageDomains } from '#protocol/permissions/roles'
import { callLicensing, idempotencyKeyOf, newIdempotencyKey } from '#app/utils/licensing.server'
import { changed } from '../shared/changed.server'
import { findCompany, forbidden, notFound, refusal } from '../shared/details.server'
import type { DialogLoader, ManageAction, ManageArgs } from '../shared/registry'
import { dialogUrl } from '../shared/urls'
import { RemoveCompanySignInSchema, companySignInSchema } from './company-sign-in-schemas'

type CompanySummary = { id: string; name: string }

export type CompanySignInDialogData =
  | {
      kind: 'settings'
      company: CompanySummary
      redirectUri: string
      verifiedDomains: string[]
      settings: CompanySignInSettings | null
      idempotencyKey: string
    }
  | { kind: 'error'; company: CompanySummary; message: string }

export type CompanySignInActionData =
  | { intent: 'save-company-sign-in'; result: SubmissionResult<string[]> }
  | { intent: 'remove-company-sign-in'; message: string }

const read = (args: Pick<ManageArgs, 'user' | 'context'>, companyId: string) =>
  callLicensing('retrieveCompanySignIn', { companyId }, { credential: args.user.credential, context: args.context })

export const companySignInDialog: DialogLoader<CompanySignInDialogData> = async (args) => {
  const found = findCompany(args.page, args.url.searchParams.get('company'))
  if (!found || !mayManageDomains(found, args.page.admin)) notFound()
  const company = { id: found.id, name: found.name }
  const answer = await read(args, company.id)
  if (!answer.ok) {
    return { kind: 'error', company, message: refusal(answer.error).message } satisfies CompanySignInDialogData
  }
  const { redirectUri, verifiedDomains, settings } = answer.result
  return {
    kind: 'settings',
    company,
    redirectUri,
    verifiedDomains,
    settings,
    idempotencyKey: newIdempotencyKey(),
  } satisfies CompanySignInDialogData
}

/** A refusal for the form: the service's own words for what it checked, the catalogue's otherwise. */
function refused(answer: { error: Parameters<typeof refusal>[0]; message: string }) {
  if (answer.error === 'FORBIDDEN') forbidden()
  const { message, status } = refusal(answer.error)
  const own = answer.error === 'INVALID_REQUEST' || answer.error === 'NOT_FOUND'
  return { message: own ? answer.message : message, status }
}

/** `intent=save-company-sign-in`: an empty secret keeps the one set; the typed secret is never sent back. */
export const saveCompanySignIn: ManageAction = async (args) => {
  const companyId = String(args.formData.get('company') ?? '')
  const current = await read(args, companyId)
  if (!current.ok && current.error === 'FORBIDDEN') forbidden()
  const schema = companySignInSchema(current.ok && current.result.settings?.secretSet === true)
  const submission = parseWithZod(args.formData, { schema })
  if (submission.status !== 'success') {
    const result = submission.reply({ hideFields: ['clientSecret'] })
    return json<CompanySignInActionData>({ intent: 'save-company-sign-in', result }, { status: 400 })
  }
  const { issuer, clientId, clientSecret, required } = submission.value
  const answer = await callLicensing(
    'updateCompanySignIn',
    { companyId, issuer, clientId, clientSecret: clientSecret ?? '', required: required === true },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    const { message, status } = refused(answer)
    // A wrong issuer is the issuer field's error; anything else is the form's.
    const issuerProblem = message.startsWith('The issuer')
    const result = submission.reply({
      ...(issuerProblem ? { fieldErrors: { issuer: [message] } } : { formErrors: [message] }),
      hideFields: ['clientSecret'],
    })
    return json<CompanySignInActionData>({ intent: 'save-company-sign-in', result }, { status })
  }
  const rule = required ? ' People at its verified domains must now sign in with it.' : ''
  return changed(args, {
    message: `Saved single sign-on for ${current.ok ? current.result.companyName : 'the company'}.${rule}`,
    to: dialogUrl({ dialog: 'company-sign-in', company: companyId }, args.url),
  })
}

/** `intent=remove-company-sign-in`: removes the provider; people sign in as before. */
export const removeCompanySignIn: ManageAction = async (args) => {
  const parsed = RemoveCompanySignInSchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) return json({ error: 'A company must be given.' }, { status: 400 })
  const answer = await callLicensing(
    'removeCompanySignIn',
    { companyId: parsed.data.company },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    const { message, status } = refused(answer)
    return json<CompanySignInActionData>({ intent: 'remove-company-sign-in', message }, { status })
  }
  return changed(args, {
    message: 'Removed single sign-on: people at the verified domains sign in with email links, GitHub or Google again.',
    to: dialogUrl({ dialog: 'company-sign-in', company: parsed.data.company }, args.url),
  })
}
