/** A stand-in origin to resolve a path against: only a path that stays on it is one of ours. */
const HERE = 'http://portal.invalid'

/**
 * A same-origin path from a request, or the fallback: resolved as a browser would (tabs and newlines dropped, `\` as
 * `/`), and the normalised path that was checked is what the browser is sent.
 */
export function safeRedirectPath(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.length > 2000) return fallback
  // Control characters and backslashes never belong in a path of ours; refusing them outright avoids relying on how
  // a browser repairs them.
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
