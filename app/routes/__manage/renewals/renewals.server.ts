// Renew, Bulk Renew/Co-term and receipts (spec §2, §5, §7): the provider's pages, whose address the service answers.
import { json, redirect, type Session } from '@remix-run/node'
import type { License, LicenseRef } from '#protocol/entities'
import { showReceipt } from '#app/rules/license'
import { displayName } from '#protocol/catalog/products'
import { errorMessageFor } from '#app/rules/messages/errors'
import { showBulkRenew } from '#app/rules/company'
import { callLicensing, isSessionError } from '#app/utils/licensing.server'
import { commitSession, getSession } from '#app/utils/session.server'
import { getPreferences } from '#app/utils/preferences.server'
import { withProviderTheme } from '#app/utils/provider-theme'
import type { DialogLoader, ManageAction, ManageArgs } from '../shared/registry'
import { forbidden, notFound, refusal } from '../shared/details.server'
import { readLicense, readLicenses } from '../shared/license-reads.server'
import { MAX_RENEWALS, limitMessage } from '#protocol/shared/limits'
import { pageUrl } from '../shared/urls'
import { bulkRenewableLicenses, decodeLicenseRef, receiptCacheKey, salesOnlyLicenses } from './renewal-rules'

/** With script the button is disabled instead. */
export const nothingSelected = 'Select at least one license to renew.'

export type RenewActionData = { intent: 'renew'; license: LicenseRef; error: string }
export type BulkRenewActionData = { intent: 'bulk-renew'; error: string }

export type BulkRenewRow = {
  ref: string
  product: string
  order: string
  key: number
  assignedTo: string
  expiration: number
}

export type BulkRenewDialogData = {
  company: { id: string; name: string }
  rows: BulkRenewRow[]
  salesOnly: Array<Pick<License, 'productName' | 'trial' | 'order' | 'key'>>
}

export type ReceiptDialogData = { error: string }

/** The provider's checkout for a renewal, wearing the portal's theme when it is the sandbox's. */
async function themedCheckout(args: ManageArgs, url: string): Promise<string> {
  const catalog = await callLicensing('catalog', {}, { credential: args.user.credential, context: args.context })
  const { theme } = await getPreferences(args.request)
  return withProviderTheme(url, catalog.ok ? catalog.result.checkout.provider : undefined, theme)
}

async function requestRenewal(args: ManageArgs, ids: LicenseRef[]): Promise<{ url: string } | { error: string }> {
  const answer = await callLicensing('renewal', { ids }, { credential: args.user.credential, context: args.context })
  if (answer.ok) return { url: await themedCheckout(args, answer.result.url) }
  if (isSessionError(answer.error)) throw redirect('/manage')
  return { error: errorMessageFor(answer.error) }
}

/** `intent=renew`: the service answers the checkout address (or the sales mail); 404, 403, or its reason otherwise. */
export const renew: ManageAction = async (args) => {
  const ref = decodeLicenseRef(args.formData.get('license'))
  if (!ref) return json({ error: 'Unknown license' }, { status: 400 })
  const answer = await callLicensing(
    'renewal',
    { ids: [ref] },
    { credential: args.user.credential, context: args.context },
  )
  if (answer.ok) return redirect(await themedCheckout(args, answer.result.url))
  if (answer.error === 'NOT_FOUND') notFound()
  if (answer.error === 'FORBIDDEN') forbidden()
  const error = answer.error === 'INVALID_REQUEST' ? answer.message : refusal(answer.error).message
  return json<RenewActionData>({ intent: 'renew', license: ref, error }, { status: 400 })
}

/** `intent=bulk-renew`: one renewal that the service co-terms to one expiry; only the selected licenses are read. */
export const bulkRenew: ManageAction = async (args) => {
  const refs = args.formData
    .getAll('license')
    .map(decodeLicenseRef)
    .filter((r): r is LicenseRef => r !== null)
  const unique = [...new Map(refs.map((r) => [receiptCacheKey(r), r])).values()]
  const refuse = (error: string) => json<BulkRenewActionData>({ intent: 'bulk-renew', error }, { status: 400 })
  // Both refusals change nothing and tell nothing about the company, so they need no read.
  if (unique.length === 0) return refuse(nothingSelected)
  if (unique.length > MAX_RENEWALS) return refuse(limitMessage(MAX_RENEWALS, 'renewed'))
  const { company } = await readLicenses(args, String(args.formData.get('company') ?? ''), {
    subscriptionId: null,
    ids: unique,
  })
  if (!company.canRenew || bulkRenewableLicenses(company).length !== unique.length) notFound()
  const answer = await requestRenewal(args, unique)
  if ('url' in answer) return redirect(answer.url)
  return refuse(answer.error)
}

/** `?dialog=bulk-renew&company=ID`: reads the company's licenses outside subscriptions and nothing else. */
export const bulkRenewDialog: DialogLoader<BulkRenewDialogData> = async (args) => {
  const { company } = await readLicenses(args, args.url.searchParams.get('company'), { subscriptionId: null })
  if (!showBulkRenew(company)) notFound()
  return {
    company: { id: company.id, name: company.name },
    rows: bulkRenewableLicenses(company).map((l) => ({
      ref: JSON.stringify({ id: l.id, owner: l.owner }),
      product: displayName(l),
      order: l.order,
      key: l.key,
      assignedTo: l.assignedTo,
      expiration: l.expiration,
    })),
    salesOnly: salesOnlyLicenses(company).map(({ productName, trial, order, key }) => ({
      productName,
      trial,
      order,
      key,
    })),
  } satisfies BulkRenewDialogData
}

const RECEIPTS = 'receiptUrls'
const RECEIPT_CACHE_LIMIT = 200

/** Per license, in the portal session. */
function receiptCache(session: Session): Record<string, string> {
  const value: unknown = session.get(RECEIPTS)
  return typeof value === 'object' && value !== null ? { ...(value as Record<string, string>) } : {}
}

/** `?dialog=receipt&license=ID&owner=OWNER`: the address is cached in the session per license (spec §7). */
export const receiptDialog: DialogLoader<ReceiptDialogData> = async (args) => {
  const { request, url, user, context } = args
  const ref = { id: url.searchParams.get('license') ?? '', owner: url.searchParams.get('owner') ?? '' }
  const found = await readLicense(args, ref)
  if (!showReceipt(found.license, found.company)) notFound()
  // The session's data type belongs to the session module; the cache is one more entry of its record.
  const session = (await getSession(request)) as unknown as Session
  const cache = receiptCache(session)
  const key = receiptCacheKey(ref)
  const cached = cache[key]
  if (cached) throw redirect(cached)

  const answer = await callLicensing('retrieveReceipt', { license: ref }, { credential: user.credential, context })
  if (!answer.ok) {
    if (isSessionError(answer.error)) throw redirect(pageUrl(url))
    return { error: errorMessageFor(answer.error) } satisfies ReceiptDialogData
  }
  const keys = Object.keys(cache)
  if (keys.length >= RECEIPT_CACHE_LIMIT) delete cache[keys[0]]
  cache[key] = answer.result.checkoutUrl
  session.set(RECEIPTS, cache)
  throw redirect(answer.result.checkoutUrl, {
    headers: { 'Set-Cookie': await commitSession(session as unknown as Parameters<typeof commitSession>[0]) },
  })
}
