// Lookups by a string from outside: `table[key]` would reach Object.prototype (`constructor`, `__proto__`, …).

export function ownValue<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined
}

/** A type guard for tables keyed by a union. */
export function isOwnKey<K extends string>(table: Readonly<Record<K, unknown>>, key: string): key is K {
  return Object.prototype.hasOwnProperty.call(table, key)
}

/** `alert[key] = value` can never set a prototype. */
export function bareRecord<V>(): Record<string, V> {
  return Object.create(null) as Record<string, V>
}
