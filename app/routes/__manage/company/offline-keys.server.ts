/**
 * Offline keys (spec §2 "Offline keys dialog", §5 visibility, §7 `offlineLicense`): one license's key, or every key
 * of a company's licenses outside subscriptions, grouped by order. Keys are cached per id and owner for the session
 * (spec §7), here on the server, keyed by the session's credential.
 */
import crypto from 'node:crypto'
import type { License, OfflineLicense } from '#protocol/entities'
import { showOfflineKeys } from '#app/rules/company'
import { displayName, groupOfflineKeys, showOfflineKey } from '#app/rules/license'
import { callLicensing } from '#app/utils/licensing.server'
import type { DialogLoader, ManageArgs } from '../shared/registry'
import { findCompany, findLicense, notFound, refusal } from '../shared/details.server'

/** One license's offline key, with the license's own key (the one the editor is activated with online). */
export type OfflineKeyEntry = { product: string; order: string; key: number; licenseKey: string; offlineKey: string }

export type OfflineKeyDialogData = { kind: 'key'; entry: OfflineKeyEntry } | { kind: 'error'; message: string }

export type OfflineKeysDialogData =
  | { kind: 'keys'; company: { id: string; name: string }; groups: Array<{ order: string; keys: OfflineKeyEntry[] }> }
  | { kind: 'error'; company: { id: string; name: string }; message: string }

/** A session lasts 24 hours (spec §9); a cached key never outlives it. */
const TTL_MS = 24 * 60 * 60 * 1000
/** Keys kept at most, over all sessions; the oldest go first. */
const MAX_ENTRIES = 20_000
const cache = new Map<string, { licenseKey: string; at: number }>()

/**
 * The cache key: the session (as a hash, so the credential itself is not kept), the license's id and owner, and its
 * expiry — a renewed license signs a new key.
 */
function cacheKey(credential: string, license: License): string {
  const session = crypto.createHash('sha256').update(credential).digest('base64url')
  return `${session}\u0000${license.owner}\u0000${license.id}\u0000${license.expiration}`
}

function remember(key: string, licenseKey: string, now: number) {
  cache.delete(key)
  cache.set(key, { licenseKey, at: now })
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string)
}

/** The offline keys of these licenses: from the cache where it has them, from the service for the rest. */
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

/** `?dialog=offline-key&license=ID`: any license the page shows whose row offers the offline key. */
export const offlineKeyDialog: DialogLoader = async (args) => {
  const found = findLicense(args.details, args.url.searchParams.get('license'))
  if (!found || !showOfflineKey(found.license, Date.now())) notFound()
  const keys = await offlineKeysFor(args, [found.license])
  if (!keys.ok) return { kind: 'error', message: keys.message } satisfies OfflineKeyDialogData
  const [record] = keys.records
  return { kind: 'key', entry: entry(found.license, record.licenseKey) } satisfies OfflineKeyDialogData
}

/** `?dialog=offline-keys&company=ID`: the keys of the company's licenses outside subscriptions that have one. */
export const offlineKeysDialog: DialogLoader = async (args) => {
  const company = findCompany(args.details, args.url.searchParams.get('company'))
  if (!company || !showOfflineKeys(company)) notFound()
  const now = Date.now()
  const licenses = company.licenses.filter((l) => !l.subscription && showOfflineKey(l, now))
  const summary = { id: company.id, name: company.name }
  const keys = licenses.length > 0 ? await offlineKeysFor(args, licenses) : { ok: true as const, records: [] }
  if (!keys.ok) return { kind: 'error', company: summary, message: keys.message } satisfies OfflineKeysDialogData
  return {
    kind: 'keys',
    company: summary,
    groups: groupOfflineKeys(licenses, keys.records).map((group) => ({
      order: group.order,
      keys: group.keys.map((k) => entry(k.license, k.licenseKey)),
    })),
  } satisfies OfflineKeysDialogData
}
