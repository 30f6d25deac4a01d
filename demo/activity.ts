// The demo companies' activity in the operations' words, so a demo Activity dialog is never empty (seed-written).
import { DAY_MS } from '../protocol/shared/dates.js'
import type { Insertable, Transaction } from 'kysely'
import type { Database } from '../service/db/schema.js'
import type { CompanyPermissionTable, LicenseTable, SubscriptionTable } from '../service/db/schema.js'
import { isAdministrator } from '../protocol/permissions/roles.js'
import { roleOfColumn } from '../service/auth/policy.js'
import { assignmentWords, recordActivity, type ActivityRecord } from '../service/activity/log.js'
import { subscriptionWords } from '../service/activity/subscriptions.js'

type DemoHistory = {
  company_permissions: Insertable<CompanyPermissionTable>[]
  subscriptions: Insertable<SubscriptionTable>[]
  licenses: Insertable<LicenseTable>[]
}

/** Oldest first; pure. */
export function demoActivity(rows: DemoHistory, now: number): ActivityRecord[] {
  // Each company's first administrator made its changes.
  const admins = new Map<string, string>()
  for (const p of rows.company_permissions) {
    if (isAdministrator(roleOfColumn(p.permissions)) && !admins.has(p.company_id)) admins.set(p.company_id, p.email)
  }
  // Never in the future, and never at the very moment of seeding.
  const past = (at: number) => Math.min(at, now - 60_000)
  const entries: ActivityRecord[] = []
  for (const l of rows.licenses) {
    const actor = l.company_id ? admins.get(l.company_id) : undefined
    if (!actor || !l.company_id || !l.assigned_to) continue
    entries.push({
      kind: 'assignment',
      actor,
      companyId: l.company_id,
      summary: assignmentWords({ key_number: l.key_number, order_id: l.order_id }, '', l.assigned_to),
      people: [l.assigned_to],
      at: past(l.created_at + DAY_MS),
    })
  }
  for (const s of rows.subscriptions) {
    const actor = s.company_id ? admins.get(s.company_id) : undefined
    if (!actor || !s.company_id || (s.state !== 'paused' && s.state !== 'deleted')) continue
    const ref = { ...s, company_id: s.company_id }
    entries.push({
      kind: 'subscription',
      actor,
      companyId: s.company_id,
      summary:
        s.state === 'paused'
          ? `paused ${subscriptionWords(ref)} (auto-renew off)`
          : `cancelled ${subscriptionWords(ref)}: its licenses run to their expiry`,
      at: past(s.updated_at ?? s.created_at),
    })
  }
  return entries.sort((a, b) => a.at - b.at)
}

export async function seedDemoActivity(trx: Transaction<Database>, rows: DemoHistory, now: number): Promise<void> {
  for (const entry of demoActivity(rows, now)) await recordActivity(trx, entry)
}
