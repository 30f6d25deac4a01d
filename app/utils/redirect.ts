/** Only same-site paths: never an absolute URL or a protocol-relative one (open redirects). */
export function safeRedirectPath(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  return to
}
