/**
 * What the company dialogs' loaders and actions share: reading the signed-in user's details afresh (an action never
 * trusts what the page showed), finding a company, a license or a subscription in them, and turning a refusal of the
 * licensing service into either the session dialog or a message for the form.
 */
import { json, redirect } from '@remix-run/node'
import type { Company, License, Subscription } from '#protocol/entities'
import type { Details } from '#protocol/operations'
import type { ErrorCode } from '#protocol/errors'
import { errorMessageFor } from '#app/rules/messages'
import { callLicensing, isSessionError } from '#app/utils/licensing.server'
import type { CompanyRole } from '#protocol/license-reads'
import { PERSONAL_TABLE } from '#protocol/windows'
import type { DialogArgs, ManageArgs } from './registry'

/** The details as the service sees them now; a session error sends the browser to /manage, which shows its dialog. */
export async function currentDetails({ user, context }: Pick<ManageArgs, 'user' | 'context'>): Promise<Details> {
  const answer = await callLicensing('retrieveDetails', {}, { credential: user.credential, context })
  if (!answer.ok) throw redirect('/manage')
  return answer.result
}

export function findCompany(details: Details, companyId: string | null): Company | undefined {
  return details.body.companies.find((c) => c.id === companyId)
}

/** A license of one of the user's companies, with its company. */
export function findCompanyLicense(details: Details, licenseId: string | null) {
  for (const company of details.body.companies) {
    const license = company.licenses.find((l) => l.id === licenseId)
    if (license) return { company, license }
  }
  return undefined
}

/** Any license the page shows: personal (owned or assigned) or a company's. */
export function findLicense(
  details: Details,
  licenseId: string | null,
): { license: License; company?: Company } | undefined {
  const personal = details.body.personal.licenses.find((l) => l.id === licenseId)
  return personal ? { license: personal } : findCompanyLicense(details, licenseId)
}

/**
 * One license a dialog is about, named by its reference (`license` and `owner` in the dialog's address), read by
 * itself: from its company's table when the owner is a company the page shows, else from the personal table (the
 * account's own licenses and those assigned to it). Not there, not of that owner, or not the caller's: undefined.
 */
export async function readLicense(
  { page, user, context }: Pick<DialogArgs, 'page' | 'user' | 'context'>,
  ref: { id: string | null; owner: string | null },
): Promise<{ license: License; company?: CompanyRole } | undefined> {
  const { id, owner } = ref
  if (!id || !owner) return undefined
  const table = page.body.companies.some((c) => c.id === owner) ? owner : PERSONAL_TABLE
  const answer = await callLicensing(
    'retrieveLicenses',
    { table, ids: [{ id, owner }] },
    { credential: user.credential, context },
  )
  if (!answer.ok) {
    if (isSessionError(answer.error)) throw redirect('/manage')
    return undefined
  }
  const [license] = answer.result.licenses
  return license ? { license, ...(answer.result.company ? { company: answer.result.company } : {}) } : undefined
}

/** The license a dialog's address names (`license` and `owner`), read by itself (see `readLicense`). */
export function readNamedLicense(args: Pick<DialogArgs, 'page' | 'user' | 'context' | 'url'>) {
  return readLicense(args, { id: args.url.searchParams.get('license'), owner: args.url.searchParams.get('owner') })
}

/** Any subscription the page shows. */
export function findSubscription(
  details: Details,
  subscriptionId: string | null,
): { subscription: Subscription; company?: Company } | undefined {
  const personal = details.body.personal.subscriptions.find((s) => s.subscriptionId === subscriptionId)
  if (personal) return { subscription: personal }
  for (const company of details.body.companies) {
    const subscription = company.subscriptions.find((s) => s.subscriptionId === subscriptionId)
    if (subscription) return { subscription, company }
  }
  return undefined
}

/** A dialog for something that is not the user's, or not there: 404, as the route's error boundary shows it. */
export function notFound(): never {
  throw json({ message: 'Not found' }, { status: 404 })
}

export function forbidden(): never {
  throw json({ message: 'Forbidden' }, { status: 403 })
}

/**
 * A refusal of the service inside an action: session errors end in the session dialog (via /manage), anything else
 * becomes a message for the form, with the status the reply should carry.
 */
export function refusal(error: ErrorCode): { message: string; status: number } {
  if (isSessionError(error)) throw redirect('/manage')
  return { message: errorMessageFor(error), status: error === 'UNEXPECTED' ? 502 : 400 }
}
