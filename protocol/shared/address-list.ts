// A pasted list of addresses (spec §2: "emails separated by newline, comma or semicolon"), read alike on every side.
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from './email.js'
import { quoted } from './text.js'

export const ADDRESS_SEPARATORS = 'newline, comma or semicolon'

export type AddressList = {
  /** Distinct, normalized (trimmed, lower-case), in the order first given. */
  emails: string[]
  /** As typed (trimmed), with the line each is on (from 1). */
  invalid: Array<{ line: number; entry: string }>
}

export function isValidAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value)
}

/** Blank entries are ignored; duplicates go case-insensitively, the first spelling wins. */
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

const NAMED_AT_MOST = 5

/** `line 3: "bob@"; line 7: "ann at acme.test"` (and how many more), each entry `quoted`: pasted text is data. */
export function invalidEntriesText(invalid: AddressList['invalid'], line = 'line'): string {
  const named = invalid
    .slice(0, NAMED_AT_MOST)
    .map((entry) => `${line} ${entry.line}: ${quoted(entry.entry, 60)}`)
    .join('; ')
  const more = invalid.length - NAMED_AT_MOST
  return more > 0 ? `${named}; and ${more} more` : named
}
