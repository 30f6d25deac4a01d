import { sql, type Kysely } from 'kysely'

// An emailed link is issued for an account (the address signing in, or the address whose email is being changed) and
// may be revoked before it is used: a newer sign-in or change-of-email link for the same account replaces the older
// unused ones, and a confirmed change of email revokes the pending links of both addresses. The index finds an
// account's links of one purpose. Existing sign-in links belong to the address they were sent to; existing unused
// change-of-email links to the address their data names as `from`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
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

/** The `from` address of a change-of-email link's data, when it has one. */
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tokens_account').execute()
  await db.schema.alterTable('tokens').dropColumn('revoked_at').execute()
  await db.schema.alterTable('tokens').dropColumn('account').execute()
}
