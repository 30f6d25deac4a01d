/**
 * The planning step both bulk-assign dialogs share (§5 "Subscription bulk assign" and "Company bulk assign"), and
 * that the licensing service applies to a subscription's assignment: given a pool of licenses and the addresses that
 * should hold them, who keeps a license, who loses it, who gets one.
 *
 * Semantics (the list is the complete set of holders the pool should have afterwards):
 * - an address in the list that already holds licenses of the pool keeps all of them (nothing it was not asked
 *   about is taken away from it);
 * - a holder that is not in the list loses its license (the license is released);
 * - an address in the list that holds nothing in the pool is a newcomer and gets one free license: first the licenses
 *   that were already unassigned (so a released license, possibly still activated on its former holder's machine, is
 *   handed on only when needed), each group ordered by later expiry first, then order and key.
 */
import { normalizeEmail } from './email.js'
import type { License } from './entities.js'
import { compareIds } from './licenses.js'

export type PoolAnalysis = {
  /** Licenses whose holder is not in the list. */
  released: License[]
  /** Addresses in the list that hold nothing in the pool, in list order. */
  newcomers: string[]
  /** Licenses a newcomer may receive, best first. */
  free: License[]
}

/** Which free license is handed out first: the one that lasts longest, then by order and key. */
export function byPreference(
  a: Pick<License, 'expiration' | 'order' | 'key'>,
  b: Pick<License, 'expiration' | 'order' | 'key'>,
) {
  return b.expiration - a.expiration || compareIds(a.order, b.order) || a.key - b.key
}

/** `wanted` must already be normalized and distinct (the portal's `parseEmailList`; the protocol's email schema). */
export function analysePool(pool: readonly License[], wanted: readonly string[]): PoolAnalysis {
  const wantedSet = new Set(wanted)
  const holding = new Set<string>()
  const unassigned: License[] = []
  const released: License[] = []
  for (const license of pool) {
    const holder = normalizeEmail(license.assignedTo)
    if (holder === '') unassigned.push(license)
    else if (wantedSet.has(holder)) holding.add(holder)
    else released.push(license)
  }
  return {
    released,
    newcomers: wanted.filter((email) => !holding.has(email)),
    free: [...unassigned.sort(byPreference), ...[...released].sort(byPreference)],
  }
}

export type Assignment = { license: License; email: string }

/** Newcomers paired with free licenses; the caller has checked that there are enough. */
export function assignNewcomers(analysis: PoolAnalysis): Assignment[] {
  return analysis.newcomers.map((email, i) => ({ license: analysis.free[i], email }))
}

/** One entry of the `changeAssignment` payload (§7). */
export type AssignmentChange = { id: string; owner: string; assignedTo: string }

/**
 * The final state of every license the plan touches: a released license that is handed on appears once, with its
 * new holder.
 */
export function toChanges(released: readonly License[], assignments: readonly Assignment[]): AssignmentChange[] {
  const changes = new Map<string, AssignmentChange>()
  const key = (l: License) => `${l.owner}\u0000${l.id}`
  for (const l of released) changes.set(key(l), { id: l.id, owner: l.owner, assignedTo: '' })
  for (const { license: l, email } of assignments) changes.set(key(l), { id: l.id, owner: l.owner, assignedTo: email })
  return [...changes.values()]
}
