/**
 * Which licenses lapse when a subscription's quantity goes down (spec §4: "Licenses beyond the new quantity become
 * lapsing and end at term end"; §5: the user chooses which assignees lapse). Pure; the service applies the answer
 * in the transaction that records the provider's confirmation.
 */
import { lapseRequirement } from '../../protocol/subscriptions.js'

export type Seat = { id: string; assignedTo: string; key: number; lapsing: boolean }

export type LapseChoiceProblem =
  { kind: 'count'; required: number } | { kind: 'duplicate' } | { kind: 'ineligible'; id: string }

/**
 * Checks the licenses a caller chose to lapse for a decrease to `quantity`: exactly as many as there are assigned,
 * non-lapsing licenses beyond the new quantity, each one of them, no license twice. Undefined when the choice fits.
 */
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

/**
 * The licenses that lapse after a decrease: of the licenses that renewed before the change (`renewing`), the chosen
 * ones, then as many more as the quantity needs — unassigned ones first, then the highest key numbers (the order the
 * webhook handler uses when nobody chose). The others renew. Licenses that were lapsing before stay lapsing.
 */
export function lapsingAfterDecrease(
  renewing: readonly Seat[],
  quantity: number,
  chosenIds: readonly string[],
): Set<string> {
  const lapse = new Set(chosenIds.filter((id) => renewing.some((s) => s.id === id)))
  const extra = Math.max(0, renewing.length - quantity - lapse.size)
  const candidates = renewing
    .filter((s) => !lapse.has(s.id))
    .sort((a, b) => Number(a.assignedTo !== '') - Number(b.assignedTo !== '') || b.key - a.key)
  for (const seat of candidates.slice(0, extra)) lapse.add(seat.id)
  return lapse
}
