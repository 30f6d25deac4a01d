// Text from outside (host names, company and people's names, token names) is data: one line, bounded, never layout.
import { z } from 'zod'

// C0 and C1 controls, DEL, line and paragraph separators, and the bidirectional overrides and isolates.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LAYOUT_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g

/** `value` as one line: layout characters become a space, runs of white space one space, cut to `maxLength`. */
export function oneLine(value: string, maxLength = 200): string {
  const line = value.replace(LAYOUT_CHARACTERS, ' ').replace(/\s+/g, ' ').trim()
  return line.length <= maxLength ? line : `${line.slice(0, maxLength - 1).trimEnd()}…`
}

/** Whether `value` holds a character that would break it over lines or reorder what follows it. */
export function hasLayoutCharacters(value: string): boolean {
  return new RegExp(LAYOUT_CHARACTERS.source).test(value)
}

/**
 * How text from outside appears among the vendor's own words, in a mail, a file or a message: one line, between
 * double quotes (a quote inside becomes an apostrophe, so the value cannot close them), and a link in it defused
 * (`https://x` reads `https[:]//x`), so that no one can put a line, a paragraph or a link of their choosing into what
 * the vendor sends. Say what the value is next to it (`labelled`).
 */
export function quoted(value: string, maxLength = 100): string {
  const line = oneLine(value, maxLength)
    .replace(/["\u201c\u201d]/g, "'")
    .replace(/:\/\//g, '[:]//')
  return `"${line}"`
}

/** Text from outside with what it is: labelled('the machine', host) → `the machine "olivia-laptop"`. */
export function labelled(label: string, value: string, maxLength = 100): string {
  return `${label} ${quoted(value, maxLength)}`
}

export const notOneLine = 'must be one line of text, without line breaks or control characters'

/**
 * A protocol field of text a program sends (a host name): one line or refused (never silently changed, since the
 * caller compares it later), at most `maxLength` characters.
 */
export function lineOfText(maxLength: number, minLength = 0) {
  return z
    .string()
    .min(minLength)
    .max(maxLength)
    .refine((value) => !hasLayoutCharacters(value), { message: notOneLine })
}

/**
 * A protocol field of text a person types (a name): stored as one line (a pasted line break or tab becomes a space,
 * surrounding space goes), refused past `maxLength` characters.
 */
export function typedLine(maxLength: number, minLength = 0) {
  return z
    .string()
    .max(maxLength)
    .transform((value) => oneLine(value, maxLength))
    .pipe(z.string().min(minLength))
}
