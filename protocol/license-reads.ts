/**
 * `retrieveLicenses`: the rows a change touches, read without the whole account. A client that is about to assign a
 * product group's licenses, renew some licenses, import seats or change a subscription asks for that table's rows (a
 * subscription's, a product group's or the licenses it names) and the caller's role there, and nothing else.
 */
import { z } from 'zod'
import { Company, License, LicenseRef, ProductGroup, Subscription } from './entities.js'
import { MAX_LICENSES_READ, limitMessage } from './limits.js'

export const RetrieveLicensesPayload = z
  .object({
    /**
     * `personal` (the caller's own licenses and those assigned to them), or the id of a company they hold a role in.
     * May be left out when `subscriptionId` names a subscription (the table is then the subscription's), or when `ids`
     * names licenses of one owner (the table is then the one that shows them: that company's, where the caller holds a
     * role, else the caller's personal table).
     */
    table: z.string().min(1).max(200).optional(),
    /**
     * Only this subscription's licenses (it must belong to the table; the answer carries the subscription too), or with
     * `null` only the licenses outside subscriptions (the license table as /manage shows it). Absent: either.
     */
    subscriptionId: z.string().min(1).max(200).nullable().optional(),
    /** Only licenses of this product group. */
    productGroup: ProductGroup.optional(),
    /**
     * Only these licenses; each must be in the table with the owner given, or the whole read is refused. An empty list
     * reads no license: the answer is the table's company (and subscription) alone.
     */
    ids: z.array(LicenseRef).max(MAX_LICENSES_READ, limitMessage(MAX_LICENSES_READ, 'read')).optional(),
  })
  .refine(
    (p) =>
      p.table !== undefined ||
      typeof p.subscriptionId === 'string' ||
      (p.ids !== undefined && p.ids.length > 0 && p.ids.every((ref) => ref.owner === p.ids?.[0].owner)),
    { message: 'name a table, a subscription, or licenses of one owner', path: ['table'] },
  )
export type RetrieveLicensesPayload = z.input<typeof RetrieveLicensesPayload>

/** A company as one of its tables is read: its name and the caller's permission flags there, without its rows. */
export const CompanyRole = Company.omit({ licenses: true, subscriptions: true })
export type CompanyRole = z.infer<typeof CompanyRole>

export const RetrieveLicensesResult = z.object({
  /** Present for a company's table. */
  company: CompanyRole.optional(),
  /** Present when a subscription was asked for: the subscription with all its licenses. */
  subscription: Subscription.optional(),
  /** The licenses asked for, in the order of §4 (whatever `ids`' order was). */
  licenses: z.array(License),
})
export type RetrieveLicensesResult = z.infer<typeof RetrieveLicensesResult>

/** The refusal of a read that would answer more than `MAX_LICENSES_READ` licenses. */
export const tooManyLicensesMessage = `This table holds more than ${MAX_LICENSES_READ.toLocaleString('en-US')} licenses of the kind asked for: ask for a subscription's, a product group's or named licenses.`
