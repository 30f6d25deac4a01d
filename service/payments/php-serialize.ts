/** PHP's `serialize()` of string pairs, as Paddle Classic signs them; lengths in UTF-8 bytes, as PHP counts. */
export function phpSerializeStrings(entries: ReadonlyArray<readonly [string, string]>): string {
  let out = `a:${entries.length}:{`
  for (const [key, value] of entries) out += serializeString(key) + serializeString(value)
  return out + '}'
}

function serializeString(value: string): string {
  return `s:${Buffer.byteLength(value, 'utf8')}:"${value}";`
}
