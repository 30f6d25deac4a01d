/**
 * The licenses a company dialog or form touches, read with `retrieveLicenses`: one company's table, narrowed to a
 * subscription, a product group or named licenses — never the whole account. A company the user holds no role in (or
 * that is not there) is a 404, as is a subscription or license that is not the company's.
 */
import { json, redirect } from '@remix-run/node'
import type { Company, License, Subscription } from '#protocol/entities'
import type { CompanyRole } from '#protocol/license-reads'
import type { Payload, Result } from '#protocol/operations'
import { PERSONAL_TABLE } from '#protocol/windows'
import { MAX_LICENSES_READ } from '#protocol/limits'
import { errorMessageFor } from '#app/rules/messages'
import { callLicensing, isSessionError } from '#app/utils/licensing.server'
import { notFound } from './details.server'
import type { DialogArgs, ManageArgs } from './registry'

/** Past `MAX_LICENSES_READ`: what the user is told instead of a dialog that would work on more. */
export const tooManyForOneDialog = `This company has more than ${MAX_LICENSES_READ.toLocaleString('en-US')} licenses, more than this dialog handles at once. Use the license table's search and filter, and the actions on its rows, instead.`

export type CompanyRead = Result<'retrieveLicenses'> & {
  /** The company with the licenses read (and the subscription asked for), for the rules that take a `Company`. */
  company: Company
}

type Outcome<T> = T | 'not-found' | 'too-many'

/**
 * The read; `not-found` when the table, the subscription or a license named is not the user's (or not there),
 * `too-many` past `MAX_LICENSES_READ`.
 */
async function request(
  args: Pick<ManageArgs, 'user' | 'context'>,
  payload: Payload<'retrieveLicenses'>,
): Promise<Outcome<Result<'retrieveLicenses'>>> {
  const answer = await callLicensing('retrieveLicenses', payload, {
    credential: args.user.credential,
    context: args.context,
  })
  if (answer.ok) return answer.result
  if (isSessionError(answer.error)) throw redirect('/manage')
  if (answer.error === 'NOT_FOUND') return 'not-found'
  if (answer.error === 'INVALID_REQUEST') return 'too-many'
  throw json({ message: errorMessageFor(answer.error) }, { status: 502 })
}

/** A 400 that says why a dialog does not open for so many licenses (the page's error boundary shows it). */
function tooMany(): never {
  throw json({ message: tooManyForOneDialog }, { status: 400 })
}

/** The read, or `not-found` (see `request`). */
export async function tryReadLicenses(
  args: Pick<ManageArgs, 'user' | 'context'>,
  payload: Payload<'retrieveLicenses'>,
): Promise<Result<'retrieveLicenses'> | 'not-found'> {
  const read = await request(args, payload)
  return read === 'too-many' ? tooMany() : read
}

/** One company's licenses; `not-found` and `too-many` as `request` says, `not-found` for a table that is not a company. */
export async function tryReadCompanyLicenses(
  args: Pick<ManageArgs, 'user' | 'context'>,
  companyId: string | null,
  narrowing: Omit<Payload<'retrieveLicenses'>, 'table'> = {},
): Promise<Outcome<CompanyRead>> {
  if (!companyId || companyId === PERSONAL_TABLE) return 'not-found'
  const read = await request(args, { table: companyId, ...narrowing })
  if (read === 'too-many') return read
  if (read === 'not-found' || !read.company) return 'not-found'
  const { company, subscription, licenses } = read
  return { ...read, company: { ...company, licenses, subscriptions: subscription ? [subscription] : [] } }
}

/** The read, or a 404 (not the user's) or a 400 (too many licenses; see `tryReadCompanyLicenses`). */
export async function readCompanyLicenses(
  args: Pick<ManageArgs, 'user' | 'context'>,
  companyId: string | null,
  narrowing: Omit<Payload<'retrieveLicenses'>, 'table'> = {},
): Promise<CompanyRead> {
  const read = await tryReadCompanyLicenses(args, companyId, narrowing)
  if (read === 'not-found') notFound()
  if (read === 'too-many') tooMany()
  return read
}

/** The company's name and the user's role there, without any license. */
export async function readCompanyRole(args: Pick<ManageArgs, 'user' | 'context'>, companyId: string | null) {
  return (await readCompanyLicenses(args, companyId, { ids: [] })).company
}

/**
 * One license a dialog is about, named by its reference (`license` and `owner` in the dialog's address), read by
 * itself from the table that shows it (its company's, where the user holds a role, else the personal table), with the
 * user's role there. Not there, not of that owner, or not the user's: undefined.
 */
export async function readLicense(
  args: Pick<ManageArgs, 'user' | 'context'>,
  ref: { id: string | null; owner: string | null },
): Promise<{ license: License; company?: CompanyRole } | undefined> {
  const { id, owner } = ref
  if (!id || !owner) return undefined
  const read = await tryReadLicenses(args, { ids: [{ id, owner }] })
  if (read === 'not-found' || read.licenses.length !== 1) return undefined
  return { license: read.licenses[0], ...(read.company ? { company: read.company } : {}) }
}

/**
 * One subscription a dialog or form is about, read by itself (with all its licenses) from its company's table or the
 * user's personal table, with the user's role there. Not there or not the user's to see: undefined.
 */
export async function readSubscription(
  args: Pick<ManageArgs, 'user' | 'context'>,
  subscriptionId: string | null,
): Promise<{ subscription: Subscription; company?: CompanyRole } | undefined> {
  if (!subscriptionId) return undefined
  const read = await tryReadLicenses(args, { subscriptionId, ids: [] })
  if (read === 'not-found' || !read.subscription) return undefined
  return { subscription: read.subscription, ...(read.company ? { company: read.company } : {}) }
}

/** The license a dialog's address names (`license` and `owner`), read by itself (see `readLicense`). */
export function readNamedLicense(args: Pick<DialogArgs, 'user' | 'context' | 'url'>) {
  return readLicense(args, { id: args.url.searchParams.get('license'), owner: args.url.searchParams.get('owner') })
}
