// The demo data set: `.test` accounts with rows in every state the portal shows. Times are relative to `now`; ids, keys
// and order numbers come from a seeded generator, so they are the same every time (`demoRefs`).
import { sql, type Transaction } from 'kysely'
import type { DB } from '../service/db/database.js'
import { isPostgres } from '../service/db/migrations/dialect.js'
import { seedDemoActivity } from './activity.js'
import { seedDirectoryDemo } from './directory.js'
import { seedUsageHistory } from './usage.js'
import { createBuilder, demoCards, demoProducts, type DemoRows } from './builder.js'
import { acmeData } from './acme.js'
import { patData } from './pat.js'
import { resellerData } from './resellers.js'
import { vendorData } from './vendor.js'
import { createSeededIds } from '../service/db/ids.js'
import type { Database } from '../service/db/schema.js'

/** The accounts to sign in as; the server prints these after seeding. The addresses are part of the contract. */
export const demoAccounts: Array<{ email: string; description: string }> = [
  {
    email: 'pat@personal.test',
    description:
      'Personal holder: licenses of every product group (one expiring soon, one expired 10 days ago, one long expired, Open Source, trial), a monthly subscription, a paused subscription whose paid term has ended (Restart), a license active on 3 machines',
  },
  {
    email: 'olivia@acme.test',
    description:
      'Company Administrator of Acme Corp: bundle, wallaby and quokka licenses, an enterprise license, subscriptions in every state (one paused past its paid term: Restart); the verified domain acme.test (Domains)',
  },
  { email: 'max@acme.test', description: 'Company Manager of Acme Corp (assign only)' },
  {
    email: 'rita@reseller.test',
    description:
      "Reseller Administrator of Globex and Initech; Initech's seats follow its directory (a SCIM token, a mapped group, two people waiting)",
  },
  { email: 'ray@reseller.test', description: 'Reseller Manager of Globex' },
  { email: 'carl@globex.test', description: 'Company Administrator of Globex' },
  {
    email: 'root@vendor.test',
    description: 'Platform administrator with personal licenses; Company Administrator of Vendor Labs',
  },
  {
    email: 'gita@github.test',
    description: 'GitHub linked, default email-link policy: the link sign-in answers NO_LOGON_LINK',
  },
  { email: 'gary@google.test', description: 'Google linked, email-link policy "always": the link sign-in works' },
  { email: 'nobody@example.test', description: 'Owns nothing: the link sign-in answers NO_USER' },
]

/** The seed of the demo data's id generator. Changing it changes every demo id and key. */
const DEMO_SEED = 'license-portal demo data v1'

/** The demo data as rows plus named references to notable ones; pure, and the ids never depend on `now`. */
export function buildDemoData(now: number) {
  const ids = createSeededIds(DEMO_SEED)
  const b = createBuilder(now, ids)

  const {
    pat,
    patCustomer,
    patBundle,
    patExpiringSoon,
    patExpiredRecently,
    patExpiredLongAgo,
    patOpenSource,
    patTrial,
    patMonthly,
    patActivations,
  } = patData(b)
  const {
    acme,
    dev,
    acmeCompany,
    acmeBundle,
    acmeWallaby,
    acmeQuokka,
    acmeWallabyExpiredRecently,
    acmeQuokkaExpiredLongAgo,
    acmeEnterprise,
    acmeConsoleNinja,
    acmeActiveRenewing,
    acmeActiveNotRenewing,
    acmePaused,
    acmePastDue,
    acmeDeletedExpired,
    acmeDeletedActive,
    acmeSpecialOffer,
    acmeLapsing,
    acmeMonthly,
  } = acmeData(b)
  const { globex, initech, globexCompany, globexWallaby, globexQuokka, globexAnnual, initechBundle, initechMonthly } =
    resellerData(b)
  const { rootWallaby, rootQuokka, vendorLabs, vendorLabsWallaby, vendorLabsQuokka, gitaWallaby, garyPromotional } =
    vendorData(b)

  // ---------------------------------------------------------------- added after the rest, so no earlier id moves
  // Billed monthly and paid ahead (more than 90 days to expiry): the monthly subscription to upgrade (spec §5).
  const globexMonthlyExtended = b.subscription({
    ...globexCompany,
    product: demoProducts.quokkaCompany,
    state: 'active',
    billingPeriod: 'month',
    quantity: 2,
    assign: ['dev4@globex.test'],
    expiresIn: 320,
    nextPaymentIn: 320,
    lastPaidDaysAgo: 15,
    payments: 2,
    method: demoCards.visa,
  })
  // Paused, its paid term ended: Restart is offered (spec §4). One of Acme's (olivia) and one of pat's own.
  const acmePausedEnded = b.subscription({
    ...acmeCompany,
    product: demoProducts.bundleCompany,
    state: 'paused',
    billingPeriod: 'year',
    quantity: 2,
    assign: [dev(23)],
    expiresIn: -12,
    lastPaidDaysAgo: 377,
    payments: 2,
    method: demoCards.mastercard,
  })
  const patPausedEnded = b.subscription({
    product: demoProducts.wallabyPersonal,
    owner: pat,
    companyId: null,
    customer: patCustomer,
    state: 'paused',
    billingPeriod: 'month',
    quantity: 1,
    expiresIn: -6,
    lastPaidDaysAgo: 36,
    payments: 2,
    method: demoCards.visa,
  })

  const refs = {
    companies: { acme, globex, initech, vendorLabs },
    orders: {
      patBundle: patBundle.orderId,
      patExpiringSoon: patExpiringSoon.orderId,
      patExpiredRecently: patExpiredRecently.orderId,
      patExpiredLongAgo: patExpiredLongAgo.orderId,
      patOpenSource: patOpenSource.orderId,
      patTrial: patTrial.orderId,
      acmeBundle: acmeBundle.orderId,
      acmeWallaby: acmeWallaby.orderId,
      acmeQuokka: acmeQuokka.orderId,
      acmeWallabyExpiredRecently: acmeWallabyExpiredRecently.orderId,
      acmeQuokkaExpiredLongAgo: acmeQuokkaExpiredLongAgo.orderId,
      acmeEnterprise: acmeEnterprise.orderId,
      acmeConsoleNinja: acmeConsoleNinja.orderId,
      globexWallaby: globexWallaby.orderId,
      globexQuokka: globexQuokka.orderId,
      initechBundle: initechBundle.orderId,
      rootWallaby: rootWallaby.orderId,
      rootQuokka: rootQuokka.orderId,
      vendorLabsWallaby: vendorLabsWallaby.orderId,
      vendorLabsQuokka: vendorLabsQuokka.orderId,
      gitaWallaby: gitaWallaby.orderId,
      garyPromotional: garyPromotional.orderId,
    },
    /** Single licenses worth naming; for a whole order, query by its order id. */
    licenses: {
      patActivated: patBundle.licenseIds[0],
      patExpiringSoon: patExpiringSoon.licenseIds[0],
      patExpiredRecently: patExpiredRecently.licenseIds[0],
      patExpiredLongAgo: patExpiredLongAgo.licenseIds[0],
      patOpenSource: patOpenSource.licenseIds[0],
      patTrial: patTrial.licenseIds[0],
      patSubscription: patMonthly.licenseIds[0],
      acmeEnterprise: acmeEnterprise.licenseIds[0],
      acmeBundleUnassigned: acmeBundle.licenseIds[9],
      acmeBundleAssigned: acmeBundle.licenseIds[0],
      acmeBundleSeatInUse: acmeBundle.licenseIds[1],
      acmeLapsing: acmeLapsing.licenseIds[3],
      rootWallaby: rootWallaby.licenseIds[0],
      rootQuokka: rootQuokka.licenseIds[0],
      gitaWallaby: gitaWallaby.licenseIds[0],
      garyPromotional: garyPromotional.licenseIds[0],
    },
    subscriptions: {
      patMonthly: patMonthly.subscriptionId,
      acmeActiveRenewing: acmeActiveRenewing.subscriptionId,
      acmeActiveNotRenewing: acmeActiveNotRenewing.subscriptionId,
      acmePaused: acmePaused.subscriptionId,
      acmePastDue: acmePastDue.subscriptionId,
      acmeDeletedExpired: acmeDeletedExpired.subscriptionId,
      acmeDeletedActive: acmeDeletedActive.subscriptionId,
      acmeSpecialOffer: acmeSpecialOffer.subscriptionId,
      acmeLapsing: acmeLapsing.subscriptionId,
      acmeMonthly: acmeMonthly.subscriptionId,
      globexAnnual: globexAnnual.subscriptionId,
      globexMonthlyExtended: globexMonthlyExtended.subscriptionId,
      initechMonthly: initechMonthly.subscriptionId,
      acmePausedEnded: acmePausedEnded.subscriptionId,
      patPausedEnded: patPausedEnded.subscriptionId,
    },
    activations: patActivations,
  }
  // Made last, so that the ids drawn before it stay as they were: a company seat in use on a machine.
  const acmeSeatActivation = b.activation(acmeBundle.licenseIds[1], 'dev2-workstation', 90, 1)
  return { rows: b.rows, refs: { ...refs, activations: [...patActivations, acmeSeatActivation] } }
}

export type DemoReferences = ReturnType<typeof buildDemoData>['refs']

/** Named ids of the demo data's notable rows, for tests; independent of the time it was seeded. */
export const demoRefs: DemoReferences = buildDemoData(0).refs

/** Is the store empty (no accounts at all)? The server seeds the demo data set only then. */
export async function isEmpty(db: DB): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('email').limit(1).executeTakeFirst()
  return row === undefined
}

/** Inserts the demo data in one transaction; on a store that holds it already it fails and changes nothing. */
export async function seedDemoData(db: DB, options: { now?: number } = {}): Promise<void> {
  const now = options.now ?? Date.now()
  const { rows } = buildDemoData(now)
  await db.transaction().execute(async (trx) => {
    await insertDemo(trx, rows, now)
  })
}

async function insertDemo(trx: Transaction<Database>, rows: DemoRows, now: number): Promise<void> {
  await insertRows(trx, rows)
  await seedDemoActivity(trx, rows, now)
  await seedDirectoryDemo(trx, now)
  await seedUsageHistory(trx, 'acme', now)
}

/** The advisory lock that orders the processes seeding one PostgreSQL store ("seed" in ASCII). */
const SEED_LOCK = 0x73656564

// Check and insert are one transaction run by one process at a time (SQLite's write lock, PostgreSQL's advisory lock),
// so processes starting on one new store together seed it once.
export async function seedDemoDataIfEmpty(db: DB, options: { now?: number } = {}): Promise<boolean> {
  const now = options.now ?? Date.now()
  const { rows } = buildDemoData(now)
  return db.transaction().execute(async (trx) => {
    if (isPostgres(db)) await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
    const any = await trx.selectFrom('accounts').select('email').limit(1).executeTakeFirst()
    if (any) return false
    await insertDemo(trx, rows, now)
    return true
  })
}

/** Empties every table (migrations kept) and reseeds in one transaction: a running server never sees it half reset. */
export async function resetDemoData(db: DB, options: { now?: number } = {}): Promise<void> {
  const now = options.now ?? Date.now()
  const { rows } = buildDemoData(now)
  const tables = (await db.introspection.getTables()).filter((t) => !t.isView).map((t) => t.name)
  await db.transaction().execute(async (trx) => {
    if (isPostgres(db)) {
      await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
      await sql`truncate ${sql.join(tables.map((t) => sql.table(t)))} restart identity cascade`.execute(trx)
    } else {
      // The foreign keys are checked at the commit, when every table is empty or whole again.
      await sql`pragma defer_foreign_keys = on`.execute(trx)
      for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(trx)
    }
    await insertDemo(trx, rows, now)
  })
}

/** A bench company "Bench {count}" with `count` licenses, 20 per order; when it exists already, nothing is inserted. */
export async function seedBenchCompany(
  db: DB,
  count: number,
  options: { now?: number } = {},
): Promise<{ email: string; companyId: string }> {
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`A bench company needs a positive whole number of licenses, got ${count}`)
  const now = options.now ?? Date.now()
  const companyId = `bench-${count}`
  const email = `bench-${count}@bench.test`
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst()
    if (existing) return
    // Bench companies share the store with the demo data and with each other: order numbers skip the ones in use.
    const usedOrders = new Set((await trx.selectFrom('orders').select('id').execute()).map((o) => o.id))
    const ids = createSeededIds(`bench ${count}`)
    const b = createBuilder(now, {
      ...ids,
      orderId: () => {
        for (;;) {
          const id = String(ids.int(100_000_000, 999_999_999))
          if (!usedOrders.has(id)) {
            usedOrders.add(id)
            return id
          }
        }
      },
    })
    b.account(email, 365)
    b.company(companyId, `Bench ${count}`, 365)
    b.permission(companyId, email, 'ADMIN', 365)
    const products = [demoProducts.bundleCompany, demoProducts.wallabyCompany, demoProducts.quokkaCompany]
    const perOrder = 20
    let assigned = 0
    for (let made = 0, n = 0; made < count; n++) {
      const size = Math.min(perOrder, count - made)
      const assign = Array.from({ length: Math.min(size, 14) }, () => `user${++assigned}@bench.test`)
      b.purchase({
        product: products[n % products.length],
        owner: companyId,
        companyId,
        customer: { name: `Bench ${count}`, email },
        count: size,
        daysAgo: 300 - (n % 250),
        expiresIn: ((n * 37) % 450) - 50,
        assign,
      })
      made += size
    }
    await insertRows(trx, b.rows)
  })
  return { email, companyId }
}

/** Rows per INSERT: well under SQLite's limit on bound parameters (18 columns × 200 rows). */
const CHUNK = 200

async function insertRows(trx: Transaction<Database>, rows: DemoRows): Promise<void> {
  // Parents before children, so the foreign keys hold at every statement.
  await insertChunks(rows.accounts, (chunk) => trx.insertInto('accounts').values(chunk).execute())
  await insertChunks(rows.companies, (chunk) => trx.insertInto('companies').values(chunk).execute())
  await insertChunks(rows.company_permissions, (chunk) => trx.insertInto('company_permissions').values(chunk).execute())
  await insertChunks(rows.orders, (chunk) => trx.insertInto('orders').values(chunk).execute())
  await insertChunks(rows.subscriptions, (chunk) => trx.insertInto('subscriptions').values(chunk).execute())
  await insertChunks(rows.licenses, (chunk) => trx.insertInto('licenses').values(chunk).execute())
  await insertChunks(rows.payments, (chunk) => trx.insertInto('payments').values(chunk).execute())
  await insertChunks(rows.activations, (chunk) => trx.insertInto('activations').values(chunk).execute())
  await insertChunks(rows.coupons, (chunk) => trx.insertInto('coupons').values(chunk).execute())
  await insertChunks(rows.company_domains, (chunk) => trx.insertInto('company_domains').values(chunk).execute())
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK))
}
