/** A stand-in origin to resolve a path against: only a path that stays on it is one of ours. */
const HERE = 'http://portal.invalid'

/**
 * A redirect target taken from a request (`redirectTo`, a return address): a same-origin path, or the fallback. The
 * target is resolved the way a browser would resolve it — browsers drop tabs and newlines and read `\` as `/`, so
 * `/\t/evil.example` and `/\evil.example` both lead to another site — and only a target that stays on this origin is
 * kept, as the normalised path that was checked (what the browser is sent is what was checked).
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
