// A subscription's quantity (spec §5 "Quantity", §9), for every side: its own module, so a form that only
// checks a quantity loads none of the subscription rules.
import * as z from 'zod/mini'

export const MIN_QUANTITY = 1
export const MAX_QUANTITY = 100
/** §9 "Quantity 1 to 100": the schema every call and form that carries one checks it with. */
export const Quantity = z.int().check(z.gte(MIN_QUANTITY), z.lte(MAX_QUANTITY))
export const isQuantity = (n: number) => Number.isInteger(n) && n >= MIN_QUANTITY && n <= MAX_QUANTITY

/** §5/§2 quantity: an integer in 1..100; anything not a number is 1, fractions are cut off. */
export function clampQuantity(value: number | string | null | undefined): number {
  const n = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : (value ?? NaN)
  if (Number.isNaN(n)) return MIN_QUANTITY
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(n)))
}
