import type { Details } from '#protocol/operations'

/** Spec §6: personal license holders (and only they) may change their email address. */
export function isPersonalHolder(details: Pick<Details, 'body'>): boolean {
  return details.body.personal.licenses.some((license) => license.licenseType === 'personal')
}
