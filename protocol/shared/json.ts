/** Outside production an in-process answer must be JSON data, frozen deeply, else a TypeError naming where. */

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
