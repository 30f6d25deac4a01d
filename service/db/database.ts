import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely'
import { isPostgresUrl, openStore } from '../../config/store.js'
import * as initial from './migrations/0001-initial.js'
import * as payments from './migrations/0002-payments.js'
import * as subscriptionLocks from './migrations/0003-subscription-locks.js'
import * as idempotency from './migrations/0004-idempotency.js'
import * as mailRetry from './migrations/0005-mail-retry.js'
import * as rateLimits from './migrations/0006-rate-limits.js'
import * as licenseWindows from './migrations/0007-license-windows.js'
import * as activity from './migrations/0008-activity.js'
import * as jobs from './migrations/0009-jobs.js'
import * as sandboxKeys from './migrations/0010-sandbox-keys.js'
import * as licenseOrder from './migrations/0011-license-order.js'
import * as subscriptionSeats from './migrations/0012-subscription-seats.js'
import * as linkSupersession from './migrations/0013-link-supersession.js'
import * as sandboxTax from './migrations/0017-sandbox-tax.js'
import * as accessTokens from './migrations/0019-access-tokens.js'
import * as directory from './migrations/0020-directory.js'
import * as verifiedDomains from './migrations/0022-verified-domains.js'
import * as machines from './migrations/0030-machines.js'
import * as usage from './migrations/0035-usage.js'
import * as reclaim from './migrations/0036-reclaim.js'
import * as webhooks from './migrations/0045-webhooks.js'
import * as companySignIn from './migrations/0046-company-sign-in.js'
import * as offlineKeyHolders from './migrations/0047-offline-key-holders.js'
import * as linkRetirement from './migrations/0048-link-retirement.js'
import * as apiTokenScopes from './migrations/0049-api-token-scopes.js'
import * as webhookCreationKey from './migrations/0050-webhook-creation-key.js'
import type { Database } from './schema.js'

export type DB = Kysely<Database>

// Migrations are listed here (not read from a folder at run time) so that the bundled server carries them.
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-payments': payments,
  '0003-subscription-locks': subscriptionLocks,
  '0004-idempotency': idempotency,
  '0005-mail-retry': mailRetry,
  '0006-rate-limits': rateLimits,
  '0007-license-windows': licenseWindows,
  '0008-activity': activity,
  '0009-jobs': jobs,
  '0010-sandbox-keys': sandboxKeys,
  '0011-license-order': licenseOrder,
  '0012-subscription-seats': subscriptionSeats,
  '0013-link-supersession': linkSupersession,
  '0017-sandbox-tax': sandboxTax,
  '0019-access-tokens': accessTokens,
  '0020-directory': directory,
  '0022-verified-domains': verifiedDomains,
  '0030-machines': machines,
  '0035-usage': usage,
  '0036-reclaim': reclaim,
  '0045-webhooks': webhooks,
  '0046-company-sign-in': companySignIn,
  '0047-offline-key-holders': offlineKeyHolders,
  '0048-link-retirement': linkRetirement,
  '0049-api-token-scopes': apiTokenScopes,
  '0050-webhook-creation-key': webhookCreationKey,
}

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations() {
    return migrations
  }
}

/** The store's location for a log line: a connection string without its password. */
export function describeStore(location: string): string {
  if (!isPostgresUrl(location)) return location
  const url = new URL(location)
  url.password = ''
  return `PostgreSQL ${url.host}${url.pathname}`
}

const POOL_SIZE = 10

/** Opens the store: a PostgreSQL connection string (shared by instances) or a SQLite file, created if needed. */
export function openDatabase(location: string): DB {
  return openStore<Database>(location, { poolSize: POOL_SIZE })
}

// Migration numbers are handed out in blocks: pending ones run in number order, even below the highest applied.
const migratorOf = (db: DB) =>
  new Migrator({ db, provider: new StaticMigrationProvider(), allowUnorderedMigrations: true })

/** The names of the migrations not yet applied to the store (a query, so it also proves the store answers). */
export async function pendingMigrations(db: DB): Promise<string[]> {
  const migrator = migratorOf(db)
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name)
}

/** Applies the migrations not yet applied; each one applied is logged (`log`), so an operator sees the store change. */
export async function migrateToLatest(db: DB, log?: (line: string) => void): Promise<void> {
  const migrator = migratorOf(db)
  const { error, results } = await migrator.migrateToLatest()
  for (const result of results ?? []) {
    if (result.status === 'Success') log?.(`store: migration ${result.migrationName} applied`)
  }
  if (!error) return
  const failed = (results ?? []).filter((r) => r.status === 'Error').map((r) => r.migrationName)
  const cause = error instanceof Error ? error.message : String(error)
  throw new Error(`The store could not be migrated${failed.length ? ` (${failed.join(', ')} failed)` : ''}: ${cause}`, {
    cause: error,
  })
}

/** The store could not be opened: one sentence naming DATABASE_URL or DATA_DIR and what the store answered. */
export class StoreUnavailableError extends Error {
  constructor(location: string, cause: unknown) {
    super(storeProblem(location, cause), { cause })
    this.name = 'StoreUnavailableError'
  }
}

/** The codes and messages of an error, its causes and (an AggregateError's) errors, outermost first. */
function reasonsOf(err: unknown, depth = 0): Array<{ code?: string; message: string }> {
  if (!(err instanceof Error) || depth > 4) return err === undefined ? [] : [{ message: String(err) }]
  const code = (err as { code?: unknown }).code
  const own = { ...(typeof code === 'string' ? { code } : {}), message: err.message }
  const inner = err instanceof AggregateError ? err.errors : []
  return [own, ...inner.flatMap((e) => reasonsOf(e, depth + 1)), ...reasonsOf(err.cause, depth + 1)]
}

const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'refuses the connection (is the server running, on that host and port?)',
  ENOTFOUND: 'has a host name that does not resolve',
  EAI_AGAIN: 'has a host name that could not be resolved',
  ETIMEDOUT: 'does not answer (a firewall, or the wrong host?)',
  EHOSTUNREACH: 'cannot be reached from here',
  ECONNRESET: 'closed the connection (does it expect TLS: ?sslmode=require?)',
  '28P01': 'refuses the user name or password',
  '28000': 'refuses this user from this host (pg_hba.conf)',
  '3D000': 'has no such database',
  EACCES: 'cannot be written by this process (its permissions)',
  EROFS: 'is on a read-only file system',
  ENOSPC: 'is on a full disk',
  SQLITE_CANTOPEN: 'cannot be opened (does the folder exist, and may this process write it?)',
  SQLITE_CORRUPT: 'is damaged (restore it from a backup)',
  SQLITE_NOTADB: 'is not a SQLite database',
}

function storeProblem(location: string, cause: unknown): string {
  const reasons = reasonsOf(cause)
  const known = reasons.find((r) => r.code !== undefined && Object.hasOwn(UNREACHABLE, r.code))
  const first =
    reasons
      .find((r) => r.message.trim())
      ?.message.replace(/\s+/g, ' ')
      .trim() ?? 'no reason given'
  const said = known ? UNREACHABLE[known.code!] : `answered: ${first.slice(0, 200)}`
  return isPostgresUrl(location)
    ? `DATABASE_URL: the store at ${describeStore(location)} ${said}.`
    : `DATA_DIR: the SQLite store ${location} ${said}.`
}
