// The licenses a company dialog or form touches (`retrieveLicenses`), never the whole account; not the user's is a 404.
import { json, redirect } from '@remix-run/node'
import type { Company, License, Subscription } from '#protocol/entities'
import type { CompanyRole } from '#protocol/licenses/license-reads'
import type { Payload, Result } from '#protocol/operations'
import { PERSONAL_TABLE } from '#protocol/licenses/windows'
import { MAX_LICENSES_READ } from '#protocol/shared/limits'
import { errorMessageFor } from '#app/rules/messages/errors'
import { callLicensing, isSessionError } from '#app/utils/licensing.server'
import { notFound } from './details.server'
import type { DialogArgs, ManageArgs } from './registry'

export const tooManyForOneDialog = `This company has more than ${MAX_LICENSES_READ.toLocaleString('en-US')} licenses, more than this dialog handles at once. Use the license table's search and filter, and the actions on its rows, instead.`

export type CompanyRead = Result<'retrieveLicenses'> & {
  /** With the licenses read, for the rules that take a `Company`. */
  company: Company
}

type Outcome<T> = T | 'not-found' | 'too-many'
type Caller = Pick<ManageArgs, 'user' | 'context'>

async function retrieve(
  args: Caller,
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

/** A 404 when not the user's, a 400 the page's error boundary shows past `MAX_LICENSES_READ`. */
function found<T>(outcome: Outcome<T>): T {
  if (outcome === 'not-found') notFound()
  if (outcome === 'too-many') throw json({ message: tooManyForOneDialog }, { status: 400 })
  return outcome
}

/** A company's licenses, for a file or a form that answers "not found" and "too many" in its own words. */
export async function tryReadLicenses(
  args: Caller,
  companyId: string | null,
  narrowing: Omit<Payload<'retrieveLicenses'>, 'table'> = {},
): Promise<Outcome<CompanyRead>> {
  if (!companyId || companyId === PERSONAL_TABLE) return 'not-found'
  const read = await retrieve(args, { table: companyId, ...narrowing })
  if (read === 'too-many') return read
  if (read === 'not-found' || !read.company) return 'not-found'
  const { company, subscription, licenses } = read
  return { ...read, company: { ...company, licenses, subscriptions: subscription ? [subscription] : [] } }
}

/** A company's licenses (those `narrowing` names); a 404 when not the user's, a 400 past `MAX_LICENSES_READ`. */
export async function readLicenses(
  args: Caller,
  companyId: string | null,
  narrowing: Omit<Payload<'retrieveLicenses'>, 'table'> = {},
): Promise<CompanyRead> {
  return found(await tryReadLicenses(args, companyId, narrowing))
}

/** The license `?license=ID&owner=OWNER` names (or `ref`), from the table that shows it; a 404 when not the user's. */
export async function readLicense(
  args: Caller & Pick<DialogArgs, 'url'>,
  ref = { id: args.url.searchParams.get('license'), owner: args.url.searchParams.get('owner') },
): Promise<{ license: License; company?: CompanyRole }> {
  const { id, owner } = ref
  if (!id || !owner) notFound()
  const { licenses, company } = found(await retrieve(args, { ids: [{ id, owner }] }))
  if (licenses.length !== 1) notFound()
  return { license: licenses[0], ...(company ? { company } : {}) }
}

/** With all its licenses, from its company's or the personal table; a 404 when not the user's to see. */
export async function readSubscription(
  args: Caller,
  subscriptionId: string | null,
): Promise<{ subscription: Subscription; company?: CompanyRole }> {
  if (!subscriptionId) notFound()
  const { subscription, company } = found(await retrieve(args, { subscriptionId, ids: [] }))
  if (!subscription) notFound()
  return { subscription, ...(company ? { company } : {}) }
}
