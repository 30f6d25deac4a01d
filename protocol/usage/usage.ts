// A company's seat usage per month (docs/decisions/0013-usage-recorded-per-license-and-month.md).
import * as z from 'zod/mini'
import { Id } from '../shared/limits.js'
import { ProductGroup } from '../entities.js'

/** Months the usage page and its CSV show, the present one last. */
export const USAGE_MONTHS = 12

/** A month as stored and in the CSV: "2026-03" (UTC). */
export const Month = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/))
export type Month = z.infer<typeof Month>

export function monthOf(epoch: number): Month {
  return new Date(epoch).toISOString().slice(0, 7)
}

/** The `count` months up to and including the one of `now`, oldest first. */
export function monthsUpTo(now: number, count: number = USAGE_MONTHS): Month[] {
  const at = new Date(now)
  const months: Month[] = []
  for (let back = count - 1; back >= 0; back--)
    months.push(monthOf(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - back, 1)))
  return months
}

export function monthStart(month: Month): number {
  const [year, index] = month.split('-').map(Number) as [number, number]
  return Date.UTC(year, index - 1, 1)
}

export const UsageMonth = z.object({
  month: Month,
  /** Null for a month before usage was first recorded. */
  bought: z.nullable(z.int()),
  assigned: z.nullable(z.int()),
  active: z.int(),
  refused: z.int(),
})
export type UsageMonth = z.infer<typeof UsageMonth>

export const ProductUsage = z.object({ product: ProductGroup, months: z.array(UsageMonth) })
export type ProductUsage = z.infer<typeof ProductUsage>

/** Days without a check after which an assigned seat is idle: the license tables' filter. */
export const idleDayChoices = [30, 60, 90] as const
export const IdleDays = z.coerce.number().check(
  z.int(),
  z.refine((days) => (idleDayChoices as readonly number[]).includes(days)),
)
export type IdleDays = (typeof idleDayChoices)[number]

export const usageOperations = {
  /** FORBIDDEN unless the caller may read the company's activity log. */
  retrieveUsage: {
    reads: true,
    payload: z.object({ companyId: Id }),
    result: z.object({
      company: z.object({ id: z.string(), name: z.string() }),
      months: z.array(Month),
      /** Each product the company holds or held in these months, in the products' order. */
      products: z.array(ProductUsage),
    }),
  },
}
