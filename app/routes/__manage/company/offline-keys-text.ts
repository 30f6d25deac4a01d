/**
 * The offline keys as text (spec §2 "Offline keys dialog"): grouped by order, sorted by order then key, each key's
 * parts separated by ": " (key number, then the key). The same text is shown, copied and downloaded.
 */
import { labelled } from '#protocol/text'

/** Keys the Offline Keys dialog lists per page (every key is in the downloaded file). */
export const OFFLINE_KEYS_PAGE_SIZE = 100

export type OfflineKeyLine = { key: number; offlineKey: string }

/** One key: `{key number}: {offline key}`. */
export function offlineKeyLine(entry: OfflineKeyLine): string {
  return `${entry.key}: ${entry.offlineKey}`
}

/**
 * The file's first line. The company's name is text from outside (whoever bought named it): quoted on one line, it
 * can add no line of its own to the file (an "Order" heading, a key of another company).
 */
export function offlineKeysHeading(companyName: string): string {
  return `Offline keys of ${labelled('the company', companyName)}`
}

/** Keys of a company, one group per order (already sorted by `groupOfflineKeys`). */
export function offlineKeysText(
  companyName: string,
  groups: ReadonlyArray<{ order: string; keys: readonly OfflineKeyLine[] }>,
): string {
  const lines = [offlineKeysHeading(companyName)]
  for (const group of groups) lines.push('', `Order ${group.order}`, ...group.keys.map(offlineKeyLine))
  return lines.join('\n') + '\n'
}

/** A file name made of safe characters only, e.g. `offline-keys-acme-corp.txt`. */
export function offlineKeyFileName(...parts: Array<string | number>): string {
  const slug = parts
    .map((p) =>
      String(p)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    )
    .filter(Boolean)
    .join('-')
  return `${slug || 'offline-keys'}.txt`
}

/** A link target that downloads the text as a file, with or without script. */
export function textFileHref(text: string): string {
  return `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`
}
