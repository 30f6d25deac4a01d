// The companies' row locks, taken by every writer to a company's seats inside its transaction.
import type { Transaction } from 'kysely'
import type { Database } from './schema.js'

/**
 * Locks the companies' rows on PostgreSQL, so changes to one company run one after the other (SQLite: always).
 * A write rather than `for update`: under SERIALIZABLE the second writer then fails at once and runs again.
 */
export async function lockCompanies(trx: Transaction<Database>, companyIds: readonly string[]): Promise<void> {
  if (companyIds.length === 0) return
  await trx
    .updateTable('companies')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', 'in', [...new Set(companyIds)])
    .execute()
}
