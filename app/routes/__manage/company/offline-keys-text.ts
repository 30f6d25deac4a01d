// The offline keys as text (spec §2 "Offline keys dialog"): the same text is shown, copied and downloaded.
import { labelled } from '#protocol/shared/text'

/** Every key is in the downloaded file. */
export const OFFLINE_KEYS_PAGE_SIZE = 100

export type OfflineKeyLine = { key: number; offlineKey: string }

export function offlineKeyLine(entry: OfflineKeyLine): string {
  return `${entry.key}: ${entry.offlineKey}`
}

/** The company's name is text from outside: quoted on one line, it can add no line of its own to the file. */
export function offlineKeysHeading(companyName: string): string {
  return `Offline keys of ${labelled('the company', companyName)}`
}

/** One group per order (sorted by `groupOfflineKeys`). */
export function offlineKeysText(
  companyName: string,
  groups: ReadonlyArray<{ order: string; keys: readonly OfflineKeyLine[] }>,
): string {
  const lines = [offlineKeysHeading(companyName)]
  for (const group of groups) lines.push('', `Order ${group.order}`, ...group.keys.map(offlineKeyLine))
  return lines.join('\n') + '\n'
}

/** E.g. `offline-keys-acme-corp.txt`. */
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

/** With or without script. */
export function textFileHref(text: string): string {
  return `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`
}
