// The seed tests' fixture: migrated in-memory stores, empty or seeded at a fixed time, closed after each test.
import { afterEach } from 'vitest'
import { migrateToLatest, openDatabase, type DB } from '../../service/db/database.js'
import { seedDemoData } from '../../demo/seed.js'

export const DAY = 24 * 60 * 60 * 1000
export const NOW = Date.UTC(2025, 10, 21, 12, 0, 0)

const open: DB[] = []
/** A migrated, empty in-memory store. */
export async function freshDb(): Promise<DB> {
  const db = openDatabase(':memory:')
  open.push(db)
  await migrateToLatest(db)
  return db
}
/** A store with the demo data seeded at `now`. */
export async function seededDb(now = NOW): Promise<DB> {
  const db = await freshDb()
  await seedDemoData(db, { now })
  return db
}

/** Closes the stores a test opened, after each test of the file. */
export function closeStoresAfterEach() {
  afterEach(async () => {
    for (const db of open.splice(0)) await db.destroy()
  })
}
