/**
 * The protocol carries JSON (spec §7). The embedded service hands the portal its answers as objects, not text: this
 * checks that such an answer is JSON data, as `JSON.parse` would give it, so that in-process and HTTP answers are the
 * same. Used outside production by the portal's client and by the service's tests.
 */

/** `value`, deeply frozen, when it is JSON data; else a TypeError naming where it is not. */
export function frozenJson(value: unknown, path = 'answer'): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (Array.isArray(value)) {
    value.forEach((item, i) => frozenJson(item, `${path}[${i}]`))
    return Object.freeze(value)
  }
  if (typeof value === 'object') {
    const prototype: unknown = Object.getPrototypeOf(value)
    if (prototype === Object.prototype || prototype === null) {
      for (const [key, item] of Object.entries(value)) frozenJson(item, `${path}.${key}`)
      return Object.freeze(value)
    }
  }
  throw new TypeError(`The licensing service answered a value that is not JSON data at ${path}: ${String(value)}`)
}
