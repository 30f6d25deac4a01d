/**
 * The most items one call of a bulk operation carries. Each call runs in one transaction whose work grows linearly
 * with its items, so a limit bounds the longest transaction; past it the call is refused with `limitMessage` (a client
 * splits the list). The portal's bulk dialogs stay well within them: a company's bulk assign or offline keys cover at
 * most its licenses, and a 10,000-license company fits in one call.
 */
export const MAX_ASSIGNMENT_CHANGES = 10_000
export const MAX_OFFLINE_KEYS = 10_000
export const MAX_RENEWALS = 1_000
export const MAX_REMOVALS = 1_000
/**
 * The most licenses one `retrieveLicenses` answers: a table, subscription or product group with more is refused
 * (the reader narrows it), and a list of named licenses may not be longer.
 */
export const MAX_LICENSES_READ = 10_000

/** "At most 1,000 licenses can be renewed in one request; …" */
export function limitMessage(limit: number, what: string): string {
  return `At most ${limit.toLocaleString('en-US')} licenses can be ${what} in one request; send the rest in another.`
}
