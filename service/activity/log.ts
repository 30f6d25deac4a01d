/**
 * Writing the activity log. Every operation that changes a company's licenses, assignments, permissions,
 * subscriptions or renewals, or an account's email, sign-in methods or activations, calls `recordActivity` once with
 * the transaction that makes the change: the entry is committed with the change or not at all, so the log never shows
 * a change that was rolled back and never misses one that was made.
 */
import type { Transaction } from 'kysely'
import type { ActivityKind } from '../../protocol/activity.js'
import type { Database } from '../db/schema.js'
import type { PaymentsTransaction } from '../payments/tables.js'
import { countOf } from '../../protocol/words.js'

export type ActivityRecord = {
  kind: ActivityKind
  /** An account email, PLATFORM_ADMINISTRATOR or PAYMENT_PROVIDER. */
  actor: string
  /** The change in the spec's words, e.g. "assigned license 3 of order 935369 to dev7@acme.test". */
  summary: string
  /** One sentence per license or person when the change touched several. */
  details?: readonly string[]
  /** The company whose log holds the entry. */
  companyId?: string | null
  /** The account whose own log holds the entry. */
  account?: string | null
  /** Everyone the change concerned besides the actor (assignees, added or removed users), for the person filter. */
  people?: readonly string[]
  at: number
}

/** The log's tables are in every store type, the payments capability's (which adds its own tables) included. */
export type ActivityStore = Transaction<Database> | PaymentsTransaction

export async function recordActivity(store: ActivityStore, record: ActivityRecord): Promise<void> {
  const trx = store as Transaction<Database>
  const { id } = await trx
    .insertInto('activity_entries')
    .values({
      company_id: record.companyId ?? null,
      account_email: record.account ?? null,
      kind: record.kind,
      actor: record.actor,
      summary: record.summary,
      details: JSON.stringify(record.details ?? []),
      created_at: record.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const people = new Set([record.actor, ...(record.people ?? [])].filter((p) => p.includes('@')))
  if (people.size > 0) {
    await trx
      .insertInto('activity_people')
      .values([...people].map((email) => ({ entry_id: id, email })))
      .execute()
  }
}

/** "license 3 of order 935369": how the spec names one license of a company. */
export function licenseWords(row: { key_number: number; order_id: string }): string {
  return `license ${row.key_number} of order ${row.order_id}`
}

/** "assigned license 3 of order 935369 to dev7@acme.test", "unassigned … from …", "reassigned … from … to …". */
export function assignmentWords(row: { key_number: number; order_id: string }, from: string, to: string): string {
  if (from === '') return `assigned ${licenseWords(row)} to ${to}`
  if (to === '') return `unassigned ${licenseWords(row)} from ${from}`
  return `reassigned ${licenseWords(row)} from ${from} to ${to}`
}

/** "1 license unassigned and 2 licenses assigned": bulk assign's summary, as done rather than planned. */
export function assignmentSummary(details: readonly { from: string; to: string }[]): string {
  const unassigned = details.filter((d) => d.from !== '').length
  const assigned = details.filter((d) => d.to !== '').length
  if (unassigned > 0 && assigned > 0) {
    return `${countOf(unassigned, 'license')} unassigned and ${countOf(assigned, 'license')} assigned`
  }
  return unassigned > 0 ? `${countOf(unassigned, 'license')} unassigned` : `${countOf(assigned, 'license')} assigned`
}

/** Entries of one change that touched several companies: one per company, each with its own lines. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const k = key(item)
    const group = groups.get(k)
    if (group) group.push(item)
    else groups.set(k, [item])
  }
  return groups
}
