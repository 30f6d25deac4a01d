// The planning step of both bulk-assign dialogs (§5) and the service's subscription assignment. The list is the
// complete set of holders: a listed holder keeps all it holds, an unlisted one loses its license, a newcomer gets one
// free license — unassigned ones first (a released one may still be activated on its former holder's machine).
import { normalizeEmail } from '../shared/email.js'
import type { License } from '../entities.js'
import { compareIds } from './licenses.js'

export type PoolAnalysis = {
  released: License[]
  /** In list order. */
  newcomers: string[]
  /** Best first. */
  free: License[]
}

/** The one that lasts longest first, then by order and key. */
export function byPreference(
  a: Pick<License, 'expiration' | 'order' | 'key'>,
  b: Pick<License, 'expiration' | 'order' | 'key'>,
) {
  return b.expiration - a.expiration || compareIds(a.order, b.order) || a.key - b.key
}

/** `wanted` must already be normalized and distinct. */
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

/** The caller has checked that there are enough free licenses. */
export function assignNewcomers(analysis: PoolAnalysis): Assignment[] {
  return analysis.newcomers.map((email, i) => ({ license: analysis.free[i], email }))
}

/** One entry of the `changeAssignment` payload (§7). */
export type AssignmentChange = { id: string; owner: string; assignedTo: string }

/** A released license that is handed on appears once, with its new holder. */
export function toChanges(released: readonly License[], assignments: readonly Assignment[]): AssignmentChange[] {
  const changes = new Map<string, AssignmentChange>()
  const key = (l: License) => `${l.owner}\u0000${l.id}`
  for (const l of released) changes.set(key(l), { id: l.id, owner: l.owner, assignedTo: '' })
  for (const { license: l, email } of assignments) changes.set(key(l), { id: l.id, owner: l.owner, assignedTo: email })
  return [...changes.values()]
}
