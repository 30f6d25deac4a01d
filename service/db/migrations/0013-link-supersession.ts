import { sql } from 'kysely'
import type { AnyDb } from './dialect.js'

// Emailed links belong to an account, so a newer link of the same purpose (or a confirmed change of email) revokes its
// older unused ones; existing links belong to the address they were sent to, or the change's `from`.
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tokens').addColumn('account', 'text').execute()
  await db.schema.alterTable('tokens').addColumn('revoked_at', 'bigint').execute()
  await sql`update tokens set account = email where purpose = 'login'`.execute(db)
  const changes = await db
    .selectFrom('tokens')
    .select(['id', 'data'])
    .where('purpose', '=', 'email_change')
    .where('used_at', 'is', null)
    .execute()
  for (const change of changes as Array<{ id: string; data: string | null }>) {
    const from = fromOf(change.data)
    if (from) await db.updateTable('tokens').set({ account: from }).where('id', '=', change.id).execute()
  }
  await db.schema.createIndex('tokens_account').on('tokens').columns(['account', 'purpose']).execute()
}

function fromOf(data: string | null): string | undefined {
  try {
    const parsed: unknown = data ? JSON.parse(data) : null
    return typeof parsed === 'object' && parsed !== null && 'from' in parsed && typeof parsed.from === 'string'
      ? parsed.from
      : undefined
  } catch {
    return undefined
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('tokens_account').execute()
  await db.schema.alterTable('tokens').dropColumn('revoked_at').execute()
  await db.schema.alterTable('tokens').dropColumn('account').execute()
}
