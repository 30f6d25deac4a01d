// The usage page's words and numbers, the same for its table, its chart and its CSV.
import { monthNames } from '#protocol/shared/dates'
import { productNames } from '#protocol/catalog/products'
import type { Month, ProductUsage, UsageMonth } from '#protocol/usage/usage'

export const usageSeries = [
  { key: 'bought', label: 'Seats bought' },
  { key: 'assigned', label: 'Seats assigned' },
  { key: 'active', label: 'Seats active' },
  { key: 'refused', label: 'Activations refused at the limit' },
] as const satisfies ReadonlyArray<{ key: keyof Omit<UsageMonth, 'month'>; label: string }>

export type UsageSeries = (typeof usageSeries)[number]

/** Where the store has no figure (a month before usage was recorded). */
export const NOT_RECORDED = 'not recorded'

/** "March 2026" ("Mar 2026" short). */
export function monthLabel(month: Month, short = false): string {
  const [year, index] = month.split('-').map(Number) as [number, number]
  const name = monthNames[index - 1]!
  return `${short ? name.slice(0, 3) : name} ${year}`
}

export function figureText(value: number | null): string {
  return value === null ? NOT_RECORDED : value.toLocaleString('en-US')
}

export const productLabel = (usage: ProductUsage) => productNames[usage.product]

/** One row per product and month, the four figures as numbers (empty when not recorded). */
export const usageCsvHeader = ['Product', 'Month', ...usageSeries.map((s) => s.label)]
export function usageCsvRows(products: readonly ProductUsage[]): string[][] {
  return products.flatMap((usage) =>
    usage.months.map((m) => [
      productLabel(usage),
      m.month,
      ...usageSeries.map((s) => (m[s.key] === null ? '' : String(m[s.key]))),
    ]),
  )
}

/** The chart's value axis: from 0 to a round number at or above the largest figure, in 4 steps. */
export function chartScale(products: ProductUsage): { max: number; ticks: number[] } {
  let largest = 0
  for (const m of products.months) for (const s of usageSeries) largest = Math.max(largest, m[s.key] ?? 0)
  const rough = Math.max(1, largest) / 4
  const magnitude = 10 ** Math.floor(Math.log10(rough))
  const step = [1, 2, 2.5, 5, 10].map((f) => f * magnitude).find((s) => s >= rough)!
  const ticks = [0, 1, 2, 3, 4].map((i) => Math.round(i * step * 100) / 100)
  return { max: ticks[4]!, ticks }
}
