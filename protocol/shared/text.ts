// Text from outside (host names, company and people's names, token names) is data: one line, bounded, never layout.
import * as z from 'zod/mini'

// C0 and C1 controls, DEL, line and paragraph separators, and the bidirectional overrides and isolates.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LAYOUT_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g

/** Layout characters become a space, runs of white space one space, cut to `maxLength`. */
export function oneLine(value: string, maxLength = 200): string {
  const line = value.replace(LAYOUT_CHARACTERS, ' ').replace(/\s+/g, ' ').trim()
  return line.length <= maxLength ? line : `${line.slice(0, maxLength - 1).trimEnd()}…`
}

export function hasLayoutCharacters(value: string): boolean {
  return new RegExp(LAYOUT_CHARACTERS.source).test(value)
}

/** Text from outside among the vendor's words: one line, double-quoted, links defused (`https[:]//x`). */
export function quoted(value: string, maxLength = 100): string {
  const line = oneLine(value, maxLength)
    .replace(/["\u201c\u201d]/g, "'")
    .replace(/:\/\//g, '[:]//')
  return `"${line}"`
}

/** labelled('the machine', host) → `the machine "olivia-laptop"`. */
export function labelled(label: string, value: string, maxLength = 100): string {
  return `${label} ${quoted(value, maxLength)}`
}

export const notOneLine = 'must be one line of text, without line breaks or control characters'

/** Text a program sends (a host name): one line or refused, never changed, since the caller compares it later. */
export function lineOfText(maxLength: number, minLength = 0) {
  return z.string().check(
    z.minLength(minLength),
    z.maxLength(maxLength),
    z.refine((value) => !hasLayoutCharacters(value), { message: notOneLine }),
  )
}

/** Text a person types (a name): stored as one line (a pasted line break becomes a space), refused past `maxLength`. */
export function typedLine(maxLength: number, minLength = 0) {
  return z.pipe(
    z.pipe(
      z.string().check(z.maxLength(maxLength)),
      z.transform((value) => oneLine(value, maxLength)),
    ),
    z.string().check(z.minLength(minLength)),
  )
}
