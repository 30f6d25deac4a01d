// Vitest's global setup for `npm run test:pg`: the migrations run once, into a template database, and each test
// service's database is a copy of it (`migratedDatabase` in ./service.ts) instead of migrating its own.
import crypto from 'node:crypto'
import pg from 'pg'
import { migrateToLatest, openDatabase } from '../../service/db/database.js'

export default async function setup(): Promise<(() => Promise<void>) | void> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return
  const template = await createDatabase(serverUrl, 'template1')
  const db = openDatabase(template.url)
  try {
    await migrateToLatest(db)
  } finally {
    // A template is copied only while nobody is connected to it.
    await db.destroy()
  }
  // The test files' processes are started after this and inherit it.
  process.env.TEST_DATABASE_TEMPLATE = new URL(template.url).pathname.slice(1)
  return async () => {
    delete process.env.TEST_DATABASE_TEMPLATE
    await template.drop()
  }
}

/** A new database on the PostgreSQL server at `serverUrl`, a copy of `template`, and how to drop it. */
export async function createDatabase(
  serverUrl: string,
  template: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${crypto.randomBytes(8).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create database ${name} template ${template}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) }
}
