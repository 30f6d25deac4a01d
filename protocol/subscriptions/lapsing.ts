/** Which licenses lapse when a subscription's quantity goes down (spec §4, §5 Quantity). Pure, no I/O. */
import { lapseRequirement } from './subscriptions.js'

export type Seat = { id: string; assignedTo: string; key: number; lapsing: boolean }

export type LapseChoiceProblem =
  { kind: 'count'; required: number } | { kind: 'duplicate' } | { kind: 'ineligible'; id: string }

/** Exactly the assigned non-lapsing licenses beyond the new quantity, each once; undefined when the choice fits. */
export function lapseChoiceProblem(
  seats: readonly Seat[],
  quantity: number,
  chosenIds: readonly string[],
): LapseChoiceProblem | undefined {
  const assigned = seats.filter((s) => !s.lapsing && s.assignedTo !== '')
  const required = lapseRequirement({ assignedCount: assigned.length, newQuantity: quantity })
  if (new Set(chosenIds).size !== chosenIds.length) return { kind: 'duplicate' }
  const eligible = new Set(assigned.map((s) => s.id))
  const ineligible = chosenIds.find((id) => !eligible.has(id))
  if (ineligible !== undefined) return { kind: 'ineligible', id: ineligible }
  if (chosenIds.length !== required) return { kind: 'count', required }
  return undefined
}

/** Licenses nobody chose lapse unassigned first, then by highest key number. */
export function compareLapseOrder(a: Seat, b: Seat): number {
  return Number(a.assignedTo !== '') - Number(b.assignedTo !== '') || b.key - a.key
}

/** The chosen ones, then as many more as the quantity needs; licenses that were lapsing before stay lapsing. */
export function lapsingAfterDecrease(
  renewing: readonly Seat[],
  quantity: number,
  chosenIds: readonly string[] = [],
): Set<string> {
  const lapse = new Set(chosenIds.filter((id) => renewing.some((s) => s.id === id)))
  const extra = Math.max(0, renewing.length - quantity - lapse.size)
  const candidates = renewing.filter((s) => !lapse.has(s.id)).sort(compareLapseOrder)
  for (const seat of candidates.slice(0, extra)) lapse.add(seat.id)
  return lapse
}
