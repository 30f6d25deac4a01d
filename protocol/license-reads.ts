// `retrieveLicenses`: the rows a change touches (a subscription's, a product group's or named ones), not the account.
import * as z from 'zod'
import { Company, License, LicenseRef, ProductGroup, Subscription } from './entities.js'
import { MAX_LICENSES_READ, limitMessage } from './limits.js'

export const RetrieveLicensesPayload = z
  .object({
    /** `personal` or a company id; may be left out when `subscriptionId` or `ids` decide the table. */
    table: z.string().min(1).max(200).optional(),
    /** Only this subscription's licenses; `null`: only those outside subscriptions; absent: either. */
    subscriptionId: z.string().min(1).max(200).nullable().optional(),
    productGroup: ProductGroup.optional(),
    /** Only seats idle for this many days (protocol/reclaim.ts): the export of the license table's idle filter. */
    idleDays: z.union([z.literal(30), z.literal(60), z.literal(90)]).optional(),
    /** Each must be in the table, or the whole read is refused; an empty list reads only the company. */
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

/** A company as one of its tables is read: its name and the caller's flags there, without its rows. */
export const CompanyRole = Company.omit({ licenses: true, subscriptions: true })
export type CompanyRole = z.infer<typeof CompanyRole>

export const RetrieveLicensesResult = z.object({
  company: CompanyRole.optional(),
  /** With all its licenses. */
  subscription: Subscription.optional(),
  /** In the order of §4, whatever `ids`' order was. */
  licenses: z.array(License),
})
export type RetrieveLicensesResult = z.infer<typeof RetrieveLicensesResult>

export const tooManyLicensesMessage = `This table holds more than ${MAX_LICENSES_READ.toLocaleString('en-US')} licenses of the kind asked for: ask for a subscription's, a product group's or named licenses.`
