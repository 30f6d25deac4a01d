import { loadZodEnglishMessages } from '../protocol/shared/zod-messages.js'
import { loadServiceConfig, type ServiceConfig } from './config.js'
import type { ServiceAdapters, ServiceContext } from './dispatch/context.js'
import {
  describeStore,
  migrateToLatest,
  openDatabase,
  pendingMigrations,
  StoreUnavailableError,
  type DB,
} from './db/database.js'
import { handleProtocol, handleProtocolText, type ProtocolResponse } from './dispatch/handler.js'
import { createIdentityAdapter } from './identity/adapter.js'
import { createMailer, type Mailer, type MailerLog } from './mail/mailer.js'
import { createPayments } from './payments/index.js'
import { createTokenCodec } from './auth/tokens.js'

loadZodEnglishMessages()

export type LicensingService = {
  config: ServiceConfig
  db: DB
  mailer: Mailer
  adapters: ServiceAdapters
  /** The same protocol as `POST /api/licensing`, without HTTP. */
  call(request: unknown, credential?: string, idempotencyKey?: string): Promise<ProtocolResponse>
  callText(text: string, credential?: string, idempotencyKey?: string): Promise<ProtocolResponse>
  context(credential?: string, idempotencyKey?: string): ServiceContext
  logError(err: unknown, message: string): void
  /** The same service when PUBLIC_URL is set or in production. */
  forOrigin(origin: string): LicensingService
  /** Null: verified, or no SMTP configured. */
  mailProblem(): string | null
  /** Store, migrations, mail transport; empty when ready. */
  readiness(): Promise<string[]>
  close(): Promise<void>
}

/** The demo data set (demo/seed.ts), handed in by whoever starts the service: the service never imports it. */
export type DemoData = {
  seedDemoDataIfEmpty(db: DB, options: { now: number }): Promise<boolean>
  demoAccounts: readonly { email: string; description: string }[]
}

export type ServiceOptions = {
  env?: NodeJS.ProcessEnv
  /** Default: the configuration's (SEED_DEMO_DATA). */
  seed?: boolean
  /** Loaded only when seeding is on; without it nothing is seeded. */
  demo?: () => Promise<DemoData>
  now?: () => number
  log?: (line: string) => void
  /** With their stack, for the operator; never to an answer. */
  logError?: (err: unknown, message: string) => void
  /** `log` when not given. */
  warn?: (line: string) => void
  /** The server does; tests call `mailer.retryDue()`. */
  retryMail?: boolean
  adapters?: Partial<ServiceAdapters>
  /** Default: the configuration's. */
  database?: string
}

/** The load context holds only this frozen function: no configuration, secret or store to serialise by mistake. */
export function inProcessTransport(service: Pick<LicensingService, 'call'>): {
  call: LicensingService['call']
} {
  return Object.freeze({
    call: (request: unknown, credential?: string, idempotencyKey?: string) =>
      service.call(request, credential, idempotencyKey),
  })
}

/** A store that cannot be reached or prepared is a StoreUnavailableError naming the variable to fix. */
async function openStore(
  location: string,
  options: { log: (line: string) => void; seed?: (db: DB) => Promise<boolean> },
): Promise<{ db: DB; seeded: boolean }> {
  let db: DB | undefined
  try {
    db = openDatabase(location)
    await migrateToLatest(db, options.log)
    const seeded = options.seed ? await options.seed(db) : false
    return { db, seeded }
  } catch (err) {
    await db?.destroy().catch(() => {})
    throw new StoreUnavailableError(location, err)
  }
}

export async function createLicensingService(options: ServiceOptions = {}): Promise<LicensingService> {
  const config = loadServiceConfig(options.env ?? process.env)
  const now = options.now ?? Date.now
  const log = options.log ?? ((line: string) => console.log(line))
  const warn = options.warn ?? log
  const logError = options.logError ?? ((err: unknown, message: string) => console.error(message, err))
  const protocolError = (err: unknown) => logError(err, 'the licensing service failed to answer an operation')
  const database = options.database ?? config.databaseUrl ?? config.databaseFile
  // An empty store gets the demo data set outside production, or when asked for (SEED_DEMO_DATA=1).
  const demo = (options.seed ?? config.seedDemoData) ? await options.demo?.() : undefined
  const { db, seeded } = await openStore(database, {
    log,
    seed: demo ? (store) => demo.seedDemoDataIfEmpty(store, { now: now() }) : undefined,
  })
  const mailLog: MailerLog = { info: log, warn }
  const mailer = createMailer({ db, ...config.mail, log: mailLog, now })
  // Checked once at start; while it fails, readiness checks again (at most every 30 seconds).
  let mailProblem = await mailer.verify()
  let mailCheckedAt = now()
  const retries = options.retryMail ? mailer.startRetries() : undefined
  const codec = createTokenCodec(config.secret)
  const adapters: ServiceAdapters = { identity: createIdentityAdapter(config), ...(options.adapters ?? {}) }
  adapters.payments ??= await createPayments({ config, db, now, log, context: () => context() })

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
  // Outside production without PUBLIC_URL, the request's own origin is the portal's.
  const forOrigin = (origin: string): LicensingService => {
    if (config.publicUrlConfigured || config.production || origin === config.publicUrl) return service
    const local = { ...config, publicUrl: origin }
    const localContext = (credential?: string, idempotencyKey?: string): ServiceContext => ({
      ...context(credential, idempotencyKey),
      config: local,
    })
    return {
      ...service,
      config: local,
      context: localContext,
      call: (request, credential, key) => handleProtocol(request, localContext(credential, key), protocolError),
      callText: (text, credential, key) => handleProtocolText(text, localContext(credential, key), protocolError),
    }
  }

  if (seeded) log(`Seeded the demo data set into ${describeStore(database)}.`)
  if (config.devTools && demo) {
    log(
      `Sign in at ${config.publicUrl}/ with one of the demo addresses; the link arrives in ${config.publicUrl}/dev/outbox:`,
    )
    for (const account of demo.demoAccounts) log(`  ${account.email.padEnd(24)} ${account.description}`)
  }

  const service: LicensingService = {
    config,
    forOrigin,
    mailProblem: () => mailProblem,
    db,
    mailer,
    adapters,
    context,
    call: (request, credential, key) => handleProtocol(request, context(credential, key), protocolError),
    callText: (text, credential, key) => handleProtocolText(text, context(credential, key), protocolError),
    logError,
    async readiness() {
      const problems: string[] = []
      try {
        const pending = await pendingMigrations(db)
        if (pending.length > 0) problems.push(`migrations not applied: ${pending.join(', ')}`)
      } catch (err) {
        warn(`readiness: the licensing store does not answer: ${(err as Error).message}`)
        problems.push('the licensing store does not answer')
      }
      if (mailProblem && now() - mailCheckedAt > 30_000) {
        mailProblem = await mailer.verify()
        mailCheckedAt = now()
      }
      if (mailProblem) problems.push('the SMTP server does not answer')
      return problems
    },
    close: async () => {
      retries?.stop()
      adapters.payments?.close()
      await db.destroy()
    },
  }
  return service
}
