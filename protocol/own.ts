/**
 * Lookups by a string that came from outside (a request, a webhook, a URL). A plain object inherits `constructor`,
 * `__proto__`, `valueOf`, … from Object.prototype, so `table[key]` with such a key reaches the prototype: these
 * helpers read and list only the table's own entries.
 */

/** The table's own value for `key`, or undefined; never a member of Object.prototype. */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined
}

/** Whether `key` names one of the table's own entries (a type guard for tables keyed by a union). */
export function isOwnKey<K extends string>(table: Readonly<Record<K, unknown>>, key: string): key is K {
  return Object.prototype.hasOwnProperty.call(table, key)
}

/** A record with no prototype, for fields copied from outside (`alert[key] = value` can never set a prototype). */
export function bareRecord<V>(): Record<string, V> {
  return Object.create(null) as Record<string, V>
}
