/**
 * The service's own small HTML pages (the development outbox, the sign-in stand-in, the sandbox payment pages) build
 * their markup as text: every value from a request or the store goes through `escapeHtml` first.
 */

const entities = new Map([
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['"', '&quot;'],
  ["'", '&#39;'],
])

/** The text with the five characters that could end an element or an attribute written as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities.get(c) ?? c)
}
