// `npm run seed [-- --reset]`: migrates DATA_DIR's store and seeds an empty one; --reset deletes the files first.
import fs from 'node:fs'
import path from 'node:path'
import { migrateToLatest, openDatabase } from './database.js'
import { demoAccounts, seedDemoDataIfEmpty } from './seed.js'

async function main(argv: string[]): Promise<void> {
  const unknown = argv.filter((arg) => arg !== '--reset')
  if (unknown.length > 0) {
    console.error(`Unknown argument(s): ${unknown.join(' ')}\nUsage: npm run seed [-- --reset]`)
    process.exitCode = 2
    return
  }
  const reset = argv.includes('--reset')
  const dataDir = path.resolve(process.env.DATA_DIR || './data')
  const file = path.join(dataDir, 'licensing.db')

  if (reset) {
    for (const f of [file, `${file}-wal`, `${file}-shm`]) {
      if (fs.existsSync(f)) {
        fs.rmSync(f)
        console.log(`Deleted ${f}`)
      }
    }
  }

  const db = openDatabase(file)
  try {
    await migrateToLatest(db)
    if (await seedDemoDataIfEmpty(db)) {
      console.log(`Seeded the demo data set into ${file}.`)
    } else {
      console.log(`${file} already holds data; nothing seeded (run "npm run seed -- --reset" to start again).`)
    }
  } finally {
    await db.destroy()
  }

  console.log('Sign in at / with one of these addresses (the link arrives in the outbox, /dev/outbox):')
  for (const account of demoAccounts) console.log(`  ${account.email.padEnd(24)} ${account.description}`)
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
