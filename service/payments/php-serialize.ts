/**
 * PHP's `serialize()` for what Paddle Classic signs: an array of string keys to string values, in the order given.
 * `a:<count>:{s:<bytes>:"<key>";s:<bytes>:"<value>";…}` where <bytes> is the UTF-8 byte length (PHP counts bytes,
 * not characters). Paddle sends every webhook field as a string, so nothing else is needed.
 */
export function phpSerializeStrings(entries: ReadonlyArray<readonly [string, string]>): string {
  let out = `a:${entries.length}:{`
  for (const [key, value] of entries) out += serializeString(key) + serializeString(value)
  return out + '}'
}

function serializeString(value: string): string {
  return `s:${Buffer.byteLength(value, 'utf8')}:"${value}";`
}
