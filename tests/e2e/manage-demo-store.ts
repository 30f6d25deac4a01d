// Reads of the demo data in the store of the server under test, for the /manage browser tests that look at the demo
// accounts' rows (their ids and keys come from the seeded generator, so the tests look them up rather than copy them).
import path from 'node:path'
import Database from 'better-sqlite3'
import { dataDir } from './fixtures'

/** Runs `sql` against the server's store and answers its rows. */
export function storeRows<Row>(sql: string, ...params: unknown[]): Row[] {
  const db = new Database(path.join(dataDir(), 'licensing.db'), { readonly: true })
  db.pragma('busy_timeout = 5000')
  try {
    return db.prepare(sql).all(...params) as Row[]
  } finally {
    db.close()
  }
}

/** The one row `sql` answers, failing when there is none. */
export function storeRow<Row>(sql: string, ...params: unknown[]): Row {
  const [row] = storeRows<Row>(sql, ...params)
  if (!row) throw new Error(`no row for ${sql} (${params.join(', ')})`)
  return row
}
