// Platform administrators (spec §6), made from the command line (`npm run admin`) only: never over HTTP.
import { OPERATOR } from '../../protocol/activity/activity.js'
import { EMAIL_PATTERN, normalizeEmail } from '../../protocol/shared/email.js'
import { recordActivity } from '../activity/log.js'
import type { DB } from '../db/database.js'
import { inTransaction } from '../db/transaction.js'

export type PlatformAdminChange = { email: string; changed: boolean }

/** Null when it is not an email address. */
export function platformAdminEmail(typed: string): string | null {
  const email = normalizeEmail(typed)
  return EMAIL_PATTERN.test(email) ? email : null
}

/** An account is made when there is none, so a new operator can sign in; one conditional write, so races log once. */
export async function setPlatformAdmin(
  db: DB,
  email: string,
  admin: boolean,
  now: number,
): Promise<PlatformAdminChange> {
  return inTransaction(db, async (trx) => {
    if (admin) {
      await trx
        .insertInto('accounts')
        .values({ email, admin: 0, logon_link: 'default', github_id: null, google_id: null, created_at: now })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute()
    }
    const updated = await trx
      .updateTable('accounts')
      .set({ admin: admin ? 1 : 0 })
      .where('email', '=', email)
      .where('admin', '=', admin ? 0 : 1)
      .executeTakeFirst()
    const changed = Number(updated.numUpdatedRows) === 1
    if (changed) {
      await recordActivity(trx, {
        kind: 'account',
        actor: OPERATOR,
        summary: admin ? 'made a platform administrator' : 'no longer a platform administrator',
        account: email,
        people: [email],
        at: now,
      })
    }
    return { email, changed }
  })
}

export async function platformAdmins(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('accounts').select('email').where('admin', '=', 1).orderBy('email').execute()
  return rows.map((r) => r.email)
}
