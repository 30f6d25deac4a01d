// `retrieveLicenses`: the rows a change touches (a subscription's, a product group's or named ones), not the account.
import * as z from 'zod/mini'
import { Company, License, LicenseRef, ProductGroup, Subscription } from '../entities.js'
import { MAX_LICENSES_READ, limitMessage, Id } from '../shared/limits.js'

export const RetrieveLicensesPayload = z
  .object({
    /** `personal` or a company id; may be left out when `subscriptionId` or `ids` decide the table. */
    table: z.optional(Id),
    /** Only this subscription's licenses; `null`: only those outside subscriptions; absent: either. */
    subscriptionId: z.optional(z.nullable(Id)),
    productGroup: z.optional(ProductGroup),
    /** Only seats idle for this many days (protocol/reclaim/reclaim.ts): the export of the license table's idle filter. */
    idleDays: z.optional(z.union([z.literal(30), z.literal(60), z.literal(90)])),
    /** Each must be in the table, or the whole read is refused; an empty list reads only the company. */
    ids: z.optional(z.array(LicenseRef).check(z.maxLength(MAX_LICENSES_READ, limitMessage(MAX_LICENSES_READ, 'read')))),
  })
  .check(
    z.refine(
      (p) =>
        p.table !== undefined ||
        typeof p.subscriptionId === 'string' ||
        (p.ids !== undefined && p.ids.length > 0 && p.ids.every((ref) => ref.owner === p.ids?.[0].owner)),
      { message: 'name a table, a subscription, or licenses of one owner', path: ['table'] },
    ),
  )
export type RetrieveLicensesPayload = z.input<typeof RetrieveLicensesPayload>

/** A company as one of its tables is read: its name and the caller's flags there, without its rows. */
export const CompanyRole = z.omit(Company, { licenses: true, subscriptions: true })
export type CompanyRole = z.infer<typeof CompanyRole>

export const RetrieveLicensesResult = z.object({
  company: z.optional(CompanyRole),
  /** With all its licenses. */
  subscription: z.optional(Subscription),
  /** In the order of §4, whatever `ids`' order was. */
  licenses: z.array(License),
})
export type RetrieveLicensesResult = z.infer<typeof RetrieveLicensesResult>

export const tooManyLicensesMessage = `This table holds more than ${MAX_LICENSES_READ.toLocaleString('en-US')} licenses of the kind asked for: ask for a subscription's, a product group's or named licenses.`
