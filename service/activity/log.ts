// `recordActivity` runs in the change's transaction: the log never shows a rolled-back change nor misses a made one.
import type { Transaction } from 'kysely'
import type { ActivityKind } from '../../protocol/activity/activity.js'
import type { Database } from '../db/schema.js'
import { countOf } from '../../protocol/shared/words.js'

export type ActivityRecord = {
  kind: ActivityKind
  /** An account email, PLATFORM_ADMINISTRATOR or PAYMENT_PROVIDER. */
  actor: string
  /** In the spec's words, e.g. "assigned license 3 of order 935369 to dev7@acme.test". */
  summary: string
  /** One sentence per license or person. */
  details?: readonly string[]
  companyId?: string | null
  account?: string | null
  /** Besides the actor (assignees, added or removed users), for the person filter. */
  people?: readonly string[]
  at: number
}

/** The payments capability's store included. */
export type ActivityStore = Transaction<Database>

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

/** "license 3 of order 935369". */
export function licenseWords(row: { key_number: number; order_id: string }): string {
  return `license ${row.key_number} of order ${row.order_id}`
}

/** "assigned … to …", "unassigned … from …", "reassigned … from … to …". */
export function assignmentWords(row: { key_number: number; order_id: string }, from: string, to: string): string {
  if (from === '') return `assigned ${licenseWords(row)} to ${to}`
  if (to === '') return `unassigned ${licenseWords(row)} from ${from}`
  return `reassigned ${licenseWords(row)} from ${from} to ${to}`
}

/** Bulk assign's summary, as done rather than planned. */
export function assignmentSummary(details: readonly { from: string; to: string }[]): string {
  const unassigned = details.filter((d) => d.from !== '').length
  const assigned = details.filter((d) => d.to !== '').length
  if (unassigned > 0 && assigned > 0) {
    return `${countOf(unassigned, 'license')} unassigned and ${countOf(assigned, 'license')} assigned`
  }
  return unassigned > 0 ? `${countOf(unassigned, 'license')} unassigned` : `${countOf(assigned, 'license')} assigned`
}

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
