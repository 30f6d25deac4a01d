/**
 * A list of addresses as people paste it (spec §2: "emails separated by newline, comma or semicolon"): one reading for
 * every list on every side — Bulk Assign, Manage Assignments, the service's checks — so that what one accepts the
 * others accept too, and a refusal names the lines and entries at fault.
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from './email.js'
import { quoted } from './text.js'

/** What separates addresses: a line break, a comma or a semicolon. */
export const ADDRESS_SEPARATORS = 'newline, comma or semicolon'

export type AddressList = {
  /** Distinct addresses in the order first given, normalized (trimmed, lower-case). */
  emails: string[]
  /** The entries that are not valid addresses, as typed (trimmed), with the line each is on (from 1). */
  invalid: Array<{ line: number; entry: string }>
}

export function isValidAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value)
}

/**
 * Splits a pasted list into addresses: blank entries are ignored and addresses are de-duplicated case-insensitively
 * (the first spelling wins, returned lower-cased as the service stores them).
 */
export function parseAddressList(text: string): AddressList {
  const emails: string[] = []
  const invalid: AddressList['invalid'] = []
  const seen = new Set<string>()
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    for (const raw of line.split(/[,;]/)) {
      const entry = raw.trim()
      if (entry === '') continue
      if (!isValidAddress(entry)) {
        invalid.push({ line: index + 1, entry })
        continue
      }
      const email = normalizeEmail(entry)
      if (seen.has(email)) continue
      seen.add(email)
      emails.push(email)
    }
  })
  return { emails, invalid }
}

/** How many invalid entries a message names before it says how many more there are. */
const NAMED_AT_MOST = 5

/**
 * The entries at fault, for a message: `line 3: "bob@"; line 7: "ann at acme.test"` (and how many more). Each entry is
 * quoted as one short line (`quoted`): what was pasted is data, never layout. `line` names the list's lines when a
 * form has two ("lapsing line 2").
 */
export function invalidEntriesText(invalid: AddressList['invalid'], line = 'line'): string {
  const named = invalid
    .slice(0, NAMED_AT_MOST)
    .map((entry) => `${line} ${entry.line}: ${quoted(entry.entry, 60)}`)
    .join('; ')
  const more = invalid.length - NAMED_AT_MOST
  return more > 0 ? `${named}; and ${more} more` : named
}
