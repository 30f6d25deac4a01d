// The ids a change on /manage returns to (flash and redirect fragment): the row that changed, with script or without.
import type { License } from '#protocol/entities'

/** Letters, digits, `-` and `_` kept; any other character as `.` and its code. */
function part(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, (c) => `.${c.codePointAt(0)?.toString(16)}`)
}

export const anchors = {
  license: (license: Pick<License, 'id' | 'owner'>) => `license-${part(license.owner)}-${part(license.id)}`,
  subscription: (subscriptionId: string) => `subscription-${part(subscriptionId)}`,
  company: (companyId: string) => `company-${part(companyId)}`,
  /** A license table, its search and its pages: where a link to a view of the table lands. */
  licenses: (table: string) => `licenses-${part(table)}`,
  personal: () => 'personal-heading',
}
