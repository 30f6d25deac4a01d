// Offline keys (spec §2, §5, §7): signed a batch at a time and streamed; cached per session.
import { DAY_MS } from '#protocol/shared/dates'
import crypto from 'node:crypto'
import type { License, OfflineLicense } from '#protocol/entities'
import { MAX_OFFLINE_KEYS } from '#protocol/shared/limits'
import { compareIds, showOfflineKey } from '#protocol/licenses/licenses'
import { groupOfflineKeys } from '#app/rules/license'
import { displayName } from '#protocol/catalog/products'
import { callLicensing, isSessionError } from '#app/utils/licensing.server'
import type { DialogLoader, ManageArgs } from '../shared/registry'
import { notFound, refusal } from '../shared/details.server'
import { readLicense } from '../shared/license-reads.server'
import { dialogUrl } from '../shared/urls'
import { OFFLINE_KEYS_PAGE_SIZE, offlineKeyFileName, offlineKeyLine, offlineKeysHeading } from './offline-keys-text'

/** With the license's own key (the one the editor is activated with online). */
export type OfflineKeyEntry = { product: string; order: string; key: number; licenseKey: string; offlineKey: string }

export type OfflineKeyDialogData = { kind: 'key'; entry: OfflineKeyEntry } | { kind: 'error'; message: string }

type CompanySummary = { id: string; name: string }

export type OfflineKeysDialogData =
  | {
      kind: 'keys'
      company: CompanySummary
      groups: Array<{ order: string; keys: OfflineKeyEntry[] }>
      total: number
      page: number
      pages: number
      download: { href: string; fileName: string }
      previous?: string
      next?: string
    }
  | { kind: 'error'; company: CompanySummary; message: string }

/** Each `offlineLicense` call a short piece of work. */
export const OFFLINE_KEYS_BATCH = 500

export const tooManyOfflineKeys = `This company has more than ${MAX_OFFLINE_KEYS.toLocaleString('en-US')} licenses: their offline keys cannot be listed or downloaded together. Each license's Offline Key, in its row, still gives its key.`

/** A session lasts 24 hours (spec §9); a cached key never outlives it. */
const TTL_MS = DAY_MS
const MAX_ENTRIES = 20_000
const cache = new Map<string, { licenseKey: string; at: number }>()

/** The session as a hash (the credential is not kept), and the expiry: a renewed license signs a new key. */
function cacheKey(credential: string, license: License): string {
  const session = crypto.createHash('sha256').update(credential).digest('base64url')
  return `${session}\u0000${license.owner}\u0000${license.id}\u0000${license.expiration}`
}

function remember(key: string, licenseKey: string, now: number) {
  cache.delete(key)
  cache.set(key, { licenseKey, at: now })
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string)
}

export async function offlineKeysFor(
  { user, context }: Pick<ManageArgs, 'user' | 'context'>,
  licenses: readonly License[],
): Promise<{ ok: true; records: OfflineLicense[] } | { ok: false; message: string }> {
  const now = Date.now()
  const records: OfflineLicense[] = []
  const missing: License[] = []
  for (const license of licenses) {
    const hit = cache.get(cacheKey(user.credential, license))
    if (hit && now - hit.at < TTL_MS) records.push({ id: license.id, owner: license.owner, licenseKey: hit.licenseKey })
    else missing.push(license)
  }
  if (missing.length > 0) {
    const answer = await callLicensing(
      'offlineLicense',
      { ids: missing.map((l) => ({ id: l.id, owner: l.owner })) },
      { credential: user.credential, context },
    )
    if (!answer.ok) return { ok: false, message: refusal(answer.error).message }
    const byRef = new Map(missing.map((l) => [`${l.owner}\u0000${l.id}`, l]))
    for (const record of answer.result.licenses) {
      const license = byRef.get(`${record.owner}\u0000${record.id}`)
      if (license) remember(cacheKey(user.credential, license), record.licenseKey, now)
      records.push(record)
    }
  }
  return { ok: true, records }
}

const entry = (license: License, offlineKey: string): OfflineKeyEntry => ({
  product: displayName(license),
  order: license.order,
  key: license.key,
  licenseKey: license.licenseKey,
  offlineKey,
})

export const offlineKeyDialog: DialogLoader<OfflineKeyDialogData> = async (args) => {
  const found = await readLicense(args)
  if (!showOfflineKey(found.license, Date.now())) notFound()
  const keys = await offlineKeysFor(args, [found.license])
  if (!keys.ok) return { kind: 'error', message: keys.message } satisfies OfflineKeyDialogData
  const [record] = keys.records
  return { kind: 'key', entry: entry(found.license, record.licenseKey) } satisfies OfflineKeyDialogData
}

export type CompanyOfflineLicenses =
  { ok: true; company: CompanySummary; licenses: License[] } | { ok: false; company: CompanySummary; message: string }

/** Sorted by order then key (§2); no license outside a subscription is a 404 (no Offline Keys link, §5). */
export async function companyOfflineLicenses(
  { user, context }: Pick<ManageArgs, 'user' | 'context'>,
  companyId: string | null,
): Promise<CompanyOfflineLicenses> {
  if (!companyId) notFound()
  const answer = await callLicensing(
    'retrieveLicenses',
    { table: companyId, subscriptionId: null },
    { credential: user.credential, context },
  )
  if (!answer.ok) {
    if (answer.error === 'NOT_FOUND' || answer.error === 'FORBIDDEN') notFound()
    if (isSessionError(answer.error)) refusal(answer.error)
    // The read is refused past its own limit, which is MAX_OFFLINE_KEYS's: any other refusal is the service's word.
    const company = { id: companyId, name: companyId }
    return answer.error === 'INVALID_REQUEST'
      ? { ok: false, company, message: tooManyOfflineKeys }
      : { ok: false, company, message: refusal(answer.error).message }
  }
  const found = answer.result
  const company = { id: companyId, name: found.company?.name ?? companyId }
  if (!found.company || found.licenses.length === 0) notFound()
  const now = Date.now()
  const licenses = found.licenses
    .filter((l) => !l.subscription && showOfflineKey(l, now))
    .sort((a, b) => compareIds(a.order, b.order) || a.key - b.key)
  if (licenses.length > MAX_OFFLINE_KEYS) return { ok: false, company, message: tooManyOfflineKeys }
  return { ok: true, company, licenses }
}

export function offlineKeysFileUrl(companyId: string): string {
  return `/manage/offline-keys.txt?${new URLSearchParams({ company: companyId })}`
}

export const offlineKeysDialog: DialogLoader<OfflineKeysDialogData> = async (args) => {
  const { url } = args
  const companyId = url.searchParams.get('company')
  // The page's answer names the caller's companies: any other is not there, without asking the service.
  const shown = args.page.body.companies.find((c) => c.id === companyId)
  if (!shown) notFound()
  const found = await companyOfflineLicenses(args, shown.id)
  const company = { id: shown.id, name: shown.name }
  if (!found.ok) return { kind: 'error', company, message: found.message } satisfies OfflineKeysDialogData
  const total = found.licenses.length
  const pages = Math.max(1, Math.ceil(total / OFFLINE_KEYS_PAGE_SIZE))
  const asked = Number(url.searchParams.get('keys') ?? '1')
  const page = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), pages) : 1
  const shownKeys = found.licenses.slice((page - 1) * OFFLINE_KEYS_PAGE_SIZE, page * OFFLINE_KEYS_PAGE_SIZE)
  const keys = shownKeys.length > 0 ? await offlineKeysFor(args, shownKeys) : { ok: true as const, records: [] }
  if (!keys.ok) return { kind: 'error', company, message: keys.message } satisfies OfflineKeysDialogData
  const pageLink = (n: number) => dialogUrl({ dialog: 'offline-keys', company: company.id, keys: String(n) }, url)
  return {
    kind: 'keys',
    company,
    groups: groupOfflineKeys(shownKeys, keys.records).map((group) => ({
      order: group.order,
      keys: group.keys.map((k) => entry(k.license, k.licenseKey)),
    })),
    total,
    page,
    pages,
    download: { href: offlineKeysFileUrl(company.id), fileName: offlineKeyFileName('offline-keys', company.name) },
    ...(page > 1 ? { previous: pageLink(page - 1) } : {}),
    ...(page < pages ? { next: pageLink(page + 1) } : {}),
  } satisfies OfflineKeysDialogData
}

/** Signed a batch per call; the first before the answer starts (a refusal is an answer), a later failure breaks off. */
export async function offlineKeysFile(
  args: Pick<ManageArgs, 'user' | 'context'>,
  company: CompanySummary,
  licenses: readonly License[],
): Promise<{ ok: true; body: ReadableStream<Uint8Array> } | { ok: false; message: string }> {
  const batches: License[][] = []
  for (let i = 0; i < licenses.length; i += OFFLINE_KEYS_BATCH) batches.push(licenses.slice(i, i + OFFLINE_KEYS_BATCH))
  const encoder = new TextEncoder()
  let order: string | null = null
  const textOf = (batch: readonly License[], records: readonly OfflineLicense[]) => {
    const lines: string[] = []
    for (const group of groupOfflineKeys(batch, records)) {
      if (group.order !== order) lines.push('', `Order ${group.order}`)
      order = group.order
      for (const k of group.keys) lines.push(offlineKeyLine({ key: k.license.key, offlineKey: k.licenseKey }))
    }
    return lines.map((line) => `${line}\n`).join('')
  }
  const first = batches.length > 0 ? await offlineKeysFor(args, batches[0]) : { ok: true as const, records: [] }
  if (!first.ok) return first
  let next = 1
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${offlineKeysHeading(company.name)}\n`))
      if (batches.length > 0) controller.enqueue(encoder.encode(textOf(batches[0], first.records)))
    },
    async pull(controller) {
      if (next >= batches.length) return controller.close()
      const batch = batches[next++]
      const keys = await offlineKeysFor(args, batch)
      if (!keys.ok) return controller.error(new Error(keys.message))
      controller.enqueue(encoder.encode(textOf(batch, keys.records)))
    },
  })
  return { ok: true, body }
}
