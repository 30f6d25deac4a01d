// Text from outside (host names, company and people's names, token names) is data: one line, bounded, never layout.

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
