/** A stand-in origin to resolve a path against: only a path that stays on it is one of ours. */
const HERE = 'http://portal.invalid'

/** A same-origin path from a request, else the fallback; the normalised path that was checked is the one sent. */
export function safeRedirectPath(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.length > 2000) return fallback
  // Control characters and backslashes never belong in our paths: refused, rather than trust a browser's repair.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback
  let url: URL
  try {
    url = new URL(to, HERE)
  } catch {
    return fallback
  }
  if (url.origin !== HERE) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}
