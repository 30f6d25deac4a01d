// The licenses a company dialog or form touches (`retrieveLicenses`), never the whole account; not the user's is a 404.
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

export const tooManyForOneDialog = `This company has more than ${MAX_LICENSES_READ.toLocaleString('en-US')} licenses, more than this dialog handles at once. Use the license table's search and filter, and the actions on its rows, instead.`

export type CompanyRead = Result<'retrieveLicenses'> & {
  /** With the licenses read, for the rules that take a `Company`. */
  company: Company
}

type Outcome<T> = T | 'not-found' | 'too-many'

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

/** A 400 the page's error boundary shows. */
function tooMany(): never {
  throw json({ message: tooManyForOneDialog }, { status: 400 })
}

export async function tryReadLicenses(
  args: Pick<ManageArgs, 'user' | 'context'>,
  payload: Payload<'retrieveLicenses'>,
): Promise<Result<'retrieveLicenses'> | 'not-found'> {
  const read = await request(args, payload)
  return read === 'too-many' ? tooMany() : read
}

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

/** A 404 when not the user's, a 400 past `MAX_LICENSES_READ`. */
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

export async function readCompanyRole(args: Pick<ManageArgs, 'user' | 'context'>, companyId: string | null) {
  return (await readCompanyLicenses(args, companyId, { ids: [] })).company
}

/** From the table that shows it (its company's, else the personal table); undefined when not the user's. */
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

/** With all its licenses, from its company's or the personal table; undefined when not the user's to see. */
export async function readSubscription(
  args: Pick<ManageArgs, 'user' | 'context'>,
  subscriptionId: string | null,
): Promise<{ subscription: Subscription; company?: CompanyRole } | undefined> {
  if (!subscriptionId) return undefined
  const read = await tryReadLicenses(args, { subscriptionId, ids: [] })
  if (read === 'not-found' || !read.subscription) return undefined
  return { subscription: read.subscription, ...(read.company ? { company: read.company } : {}) }
}

export function readNamedLicense(args: Pick<DialogArgs, 'user' | 'context' | 'url'>) {
  return readLicense(args, { id: args.url.searchParams.get('license'), owner: args.url.searchParams.get('owner') })
}
