import { loadServiceConfig, type ServiceConfig } from './config.js'
import type { ServiceAdapters, ServiceContext } from './context.js'
import { describeStore, migrateToLatest, openDatabase, type DB } from './db/database.js'
import { demoAccounts, isEmpty, seedDemoData } from './db/seed.js'
import { handleProtocol, handleProtocolText, type ProtocolResponse } from './handler.js'
import { createIdentityAdapter } from './identity/adapter.js'
import { createMailer, type Mailer } from './mail/mailer.js'
import { createPayments } from './payments/index.js'
import { createTokenCodec } from './tokens.js'

export type LicensingService = {
  config: ServiceConfig
  db: DB
  mailer: Mailer
  adapters: ServiceAdapters
  /** The in-process transport: the same protocol as `POST /api/licensing`, without HTTP. */
  call(request: unknown, credential?: string, idempotencyKey?: string): Promise<ProtocolResponse>
  callText(text: string, credential?: string, idempotencyKey?: string): Promise<ProtocolResponse>
  context(credential?: string, idempotencyKey?: string): ServiceContext
  close(): Promise<void>
}

export type ServiceOptions = {
  env?: NodeJS.ProcessEnv
  /** Seed the demo data set into an empty store (default true). */
  seed?: boolean
  now?: () => number
  log?: (line: string) => void
  /** Replace adapters (tests). */
  adapters?: Partial<ServiceAdapters>
  /** The store: a SQLite file or a PostgreSQL connection string (default: the configuration's). */
  database?: string
}

/**
 * What the embedded service lends the portal's load context: the protocol call and nothing else. The load context
 * reaches every loader and action, so it must hold nothing that could be serialised into an answer by mistake: no
 * configuration, no secret, no store handle — only this frozen function.
 */
export function inProcessTransport(service: Pick<LicensingService, 'call'>): {
  call: LicensingService['call']
} {
  return Object.freeze({
    call: (request: unknown, credential?: string, idempotencyKey?: string) =>
      service.call(request, credential, idempotencyKey),
  })
}

/** Opens the store (migrating it, and seeding an empty one), wires the adapters, and returns the service. */
export async function createLicensingService(options: ServiceOptions = {}): Promise<LicensingService> {
  const config = loadServiceConfig(options.env ?? process.env)
  const now = options.now ?? Date.now
  const log = options.log ?? ((line: string) => console.log(line))
  const database = options.database ?? config.databaseUrl ?? config.databaseFile
  const db = openDatabase(database)
  await migrateToLatest(db)
  let seeded = false
  // An empty store gets the demo data set unless told otherwise (SEED_DEMO_DATA=0 for a real deployment).
  const seedDemo = options.seed ?? (options.env ?? process.env).SEED_DEMO_DATA !== '0'
  if (seedDemo && (await isEmpty(db))) {
    await seedDemoData(db, { now: now() })
    seeded = true
  }
  const mailer = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log, now })
  const codec = createTokenCodec(config.secret)
  const adapters: ServiceAdapters = { identity: createIdentityAdapter(config), ...(options.adapters ?? {}) }
  adapters.payments ??= createPayments({ config, db, now, log, context: () => context() })

  const context = (credential?: string, idempotencyKey?: string): ServiceContext => ({
    db,
    config,
    codec,
    mailer,
    now,
    credential,
    idempotencyKey,
    adapters,
  })

  if (seeded) log(`Seeded the demo data set into ${describeStore(database)}.`)
  if (config.devTools && seedDemo) {
    log(
      `Sign in at ${config.publicUrl}/ with one of the demo addresses; the link arrives in ${config.publicUrl}/dev/outbox:`,
    )
    for (const account of demoAccounts) log(`  ${account.email.padEnd(24)} ${account.description}`)
  }

  return {
    config,
    db,
    mailer,
    adapters,
    context,
    call: (request, credential, idempotencyKey) => handleProtocol(request, context(credential, idempotencyKey)),
    callText: (text, credential, idempotencyKey) => handleProtocolText(text, context(credential, idempotencyKey)),
    close: async () => {
      adapters.payments?.close()
      await db.destroy()
    },
  }
}
