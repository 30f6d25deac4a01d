// Money as the spec shows it (§9): amounts are decimal numbers of a currency, rounded to the cent.

/** An amount in whole cents (1.005 → 101), so that sums of rounded amounts add up exactly. */
export function inCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100)
}

/** An amount rounded to the cent (12.345 → 12.35). */
export function roundToCent(amount: number): number {
  return inCents(amount) / 100
}
