import type { Details } from '#protocol/operations'
import { holdsPersonalLicenses } from '#app/rules/license'

/** Spec §6: personal license holders (and only they) may change their email address. */
export function isPersonalHolder(details: Pick<Details, 'body'>): boolean {
  return holdsPersonalLicenses(details.body.personal.licenses)
}
