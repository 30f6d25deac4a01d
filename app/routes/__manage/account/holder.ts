import type { Details } from '#protocol/operations'
import { holdsPersonalLicenses } from '#app/rules/license'

/** Spec §6: personal license holders (and only they) may change their email address. */
export function isPersonalHolder(details: Pick<Details, 'body' | 'windowed'>): boolean {
  // A windowed answer counts them in the store; a whole one holds them all.
  return details.windowed
    ? details.windowed.personalLicenses > 0
    : holdsPersonalLicenses(details.body.personal.licenses)
}
