// `npm run seed [-- --reset]` on the configured store, migrated first: seeds an empty store; --reset empties and
// reseeds it in one transaction. A production store is left alone unless SEED_DEMO_DATA=1 says it is a test deployment.
import { pathToFileURL } from 'node:url'
import dotenv from 'dotenv'
import { ConfigError } from '../config/config.js'
import { loadServiceConfig } from '../service/config.js'
import { describeStore, migrateToLatest, openDatabase } from '../service/db/database.js'
import { demoAccounts, resetDemoData, seedDemoDataIfEmpty } from './seed.js'

export const USAGE = 'Usage: npm run seed [-- --reset]'

type Output = { out: (line: string) => void; err: (line: string) => void }

/** Answers the exit status: 0 done, 1 refused or failed, 2 wrong usage. */
export async function runSeedCommand(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  output: Output,
  options: { now?: number } = {},
): Promise<number> {
  const unknown = argv.filter((arg) => arg !== '--reset')
  if (unknown.length > 0) {
    output.err(`Unknown argument(s): ${unknown.join(' ')}\n${USAGE}`)
    return 2
  }
  const reset = argv.includes('--reset')
  let config
  try {
    config = loadServiceConfig(env)
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    output.err(err.message)
    return 1
  }
  const location = config.databaseUrl ?? config.databaseFile
  const store = describeStore(location)
  // The demo data holds a platform administrator anyone can sign in as (root@vendor.test, through the outbox).
  if (config.production && !config.seedDemoData) {
    output.err(
      `Refused: ${store} is a production store (NODE_ENV=production), and the demo data ` +
        `${reset ? 'would replace everything in it' : 'has a platform administrator anyone can sign in as'}. ` +
        'Seed only a test deployment, which says so with SEED_DEMO_DATA=1.',
    )
    return 1
  }
  const db = openDatabase(location)
  try {
    await migrateToLatest(db)
    if (reset) {
      await resetDemoData(db, options)
      output.out(`Reset ${store} to the demo data set; a server running on it shows it from its next page.`)
    } else if (await seedDemoDataIfEmpty(db, options)) {
      output.out(`Seeded the demo data set into ${store}.`)
    } else {
      output.out(`${store} already holds data; nothing seeded (run "npm run seed -- --reset" to start again).`)
    }
  } catch (err) {
    output.err(`The store ${store} could not be seeded: ${err instanceof Error ? err.message : String(err)}`)
    return 1
  } finally {
    await db.destroy()
  }
  output.out('Sign in at / with one of these addresses (the link arrives in the outbox, /dev/outbox):')
  for (const account of demoAccounts) output.out(`  ${account.email.padEnd(24)} ${account.description}`)
  return 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  dotenv.config({ quiet: true })
  process.exitCode = await runSeedCommand(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  })
}
