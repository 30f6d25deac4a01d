// The service's own HTML pages build markup as text: every value from a request or the store goes through `escapeHtml`.

const entities = new Map([
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['"', '&quot;'],
  ["'", '&#39;'],
])

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities.get(c) ?? c)
}
