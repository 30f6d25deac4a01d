// What editors' calls leave for the usage figures: upserts per license and month, bounded whatever the check rate.
import { monthOf } from '../../protocol/usage/usage.js'
import type { DB } from '../db/database.js'
import type { LicenseRow } from '../db/schema.js'

const HOUR_MS = 60 * 60 * 1000

type Licensed = Pick<LicenseRow, 'id' | 'company_id' | 'product_group'>

/** A check of a company license on an active machine: the license was used this month. */
export async function recordLicenseCheck(db: DB, license: Licensed, now: number): Promise<void> {
  if (!license.company_id) return
  await db
    .insertInto('license_checks')
    .values({
      license_id: license.id,
      month: monthOf(now),
      company_id: license.company_id,
      product_group: license.product_group,
      first_at: now,
      last_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['license_id', 'month'])
        .doUpdateSet((eb) => ({ last_at: eb.ref('excluded.last_at') }))
        .where('license_checks.last_at', '<', now - HOUR_MS),
    )
    .execute()
}

/** An activation of a company license refused because its machines were at the limit (once per request and month). */
export async function recordActivationRefusal(
  db: DB,
  license: Licensed,
  activationId: string,
  now: number,
): Promise<void> {
  if (!license.company_id) return
  await db
    .insertInto('activation_refusals')
    .values({
      activation_id: activationId,
      month: monthOf(now),
      company_id: license.company_id,
      product_group: license.product_group,
      refused_at: now,
    })
    .onConflict((oc) => oc.columns(['activation_id', 'month']).doNothing())
    .execute()
}

/** Offline keys their holders downloaded: those company seats are not idle for them. */
export async function recordOfflineKeys(
  db: DB,
  licenses: Array<Pick<LicenseRow, 'id' | 'company_id' | 'assigned_to'>>,
  now: number,
): Promise<void> {
  const held = licenses.filter((l) => l.company_id && l.assigned_to !== '')
  if (held.length === 0) return
  await db
    .insertInto('offline_key_holders')
    .values(held.map((l) => ({ license_id: l.id, holder: l.assigned_to, downloaded_at: now })))
    .onConflict((oc) =>
      oc.columns(['license_id', 'holder']).doUpdateSet((eb) => ({ downloaded_at: eb.ref('excluded.downloaded_at') })),
    )
    .execute()
}
