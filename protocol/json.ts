/**
 * The protocol carries JSON (spec §7): an in-process answer is checked to be JSON data, deeply frozen, so in-process
 * and HTTP answers are the same (outside production); else a TypeError naming where it is not.
 */

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
