/**
 * The ids of what a change on /manage returns to: a license row, a subscription card, a company section. The page
 * puts them on those elements; an action names one in its flash and in the fragment of its redirect, so the page
 * comes back at the row that changed, with script (focus) and without (the fragment).
 */
import type { License } from '#protocol/entities'

/** An id part from any text: letters, digits, `-` and `_` kept, every other character as `.` and its code. */
function part(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, (c) => `.${c.codePointAt(0)?.toString(16)}`)
}

export const anchors = {
  license: (license: Pick<License, 'id' | 'owner'>) => `license-${part(license.owner)}-${part(license.id)}`,
  subscription: (subscriptionId: string) => `subscription-${part(subscriptionId)}`,
  company: (companyId: string) => `company-${part(companyId)}`,
  personal: () => 'personal-heading',
}
