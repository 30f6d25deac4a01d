// Reads: what retrieveDetails answers; here the account's facts.
import type { Company, License, Subscription } from '../../protocol/entities.js'
import type { Details } from '../../protocol/operations.js'
import type { DB } from '../db/database.js'
import type { LicenseRow, SubscriptionRow } from '../db/schema.js'
import { toLicense, toSubscription } from './mapping.js'
import { flagsOfColumn } from '../auth/policy.js'

/** NO_USER otherwise. */
export async function hasAnything(db: DB, email: string): Promise<boolean> {
  const owned = await db.selectFrom('licenses').select('id').where('owner', '=', email).limit(1).executeTakeFirst()
  if (owned) return true
  const assigned = await db
    .selectFrom('licenses')
    .select('id')
    .where('assigned_to', '=', email)
    .limit(1)
    .executeTakeFirst()
  if (assigned) return true
  const role = await db
    .selectFrom('company_permissions')
    .select('company_id')
    .where('email', '=', email)
    .limit(1)
    .executeTakeFirst()
  if (role) return true
  // A platform administrator may sign in before owning anything (the operator made one with `npm run admin`).
  const admin = await db
    .selectFrom('accounts')
    .select('email')
    .where('email', '=', email)
    .where('admin', '=', 1)
    .executeTakeFirst()
  return Boolean(admin)
}

/** Spec §3, for a signed-in account, in a fixed number of queries whatever the number of licenses. */
export async function buildDetails(db: DB, email: string): Promise<Omit<Details, 'session'>> {
  const { admin, roles, owners } = await accountRoles(db, email)

  const licenseRows = await db
    .selectFrom('licenses')
    .selectAll()
    .where((eb) => eb.or([eb('owner', 'in', owners), eb('assigned_to', '=', email)]))
    .execute()
  const subscriptionRows = await db.selectFrom('subscriptions').selectAll().where('owner', 'in', owners).execute()
  const states = new Map(subscriptionRows.map((s) => [s.id, s.state as string]))

  const licensesByOwner = new Map<string, LicenseRow[]>()
  const assignedToMe: LicenseRow[] = []
  for (const row of licenseRows) {
    if (owners.includes(row.owner)) push(licensesByOwner, row.owner, row)
    else assignedToMe.push(row)
  }
  const subscriptionLicenses = new Map<string, License[]>()
  for (const row of licenseRows) {
    if (row.subscription_id) push(subscriptionLicenses, row.subscription_id, toLicense(row, states))
  }
  const subscriptionsOf = subscriptionsByOwner(subscriptionRows, subscriptionLicenses)

  const companies: Company[] = roles.map((r) => ({
    id: r.id,
    name: r.name,
    licenses: (licensesByOwner.get(r.id) ?? []).map((l) => toLicense(l, states)),
    subscriptions: subscriptionsOf(r.id),
    ...flagsOfColumn(r.permissions),
  }))

  return {
    email,
    admin,
    body: {
      personal: {
        licenses: [...(licensesByOwner.get(email) ?? []), ...assignedToMe].map((l) => toLicense(l, states)),
        subscriptions: subscriptionsOf(email),
      },
      companies,
    },
  }
}

export async function accountRoles(db: DB, email: string) {
  const account = await db
    .selectFrom('accounts')
    .select(['email', 'admin'])
    .where('email', '=', email)
    .executeTakeFirst()
  const roles = await db
    .selectFrom('company_permissions')
    .innerJoin('companies', 'companies.id', 'company_permissions.company_id')
    .select(['companies.id as id', 'companies.name as name', 'company_permissions.permissions as permissions'])
    .where('company_permissions.email', '=', email)
    .orderBy('companies.name')
    .execute()
  const companyIds = roles.map((r) => r.id)
  return { admin: account?.admin === 1, roles, companyIds, owners: [email, ...companyIds] }
}

/** Licenses in key order: the first gives the expiry (spec §3), as a windowed read answers it. */
export function subscriptionsByOwner(subscriptionRows: readonly SubscriptionRow[], licenses: Map<string, License[]>) {
  return (owner: string): Subscription[] =>
    subscriptionRows
      .filter((s) => s.owner === owner)
      .map((s) => toSubscription(s, [...(licenses.get(s.id) ?? [])].sort(byKey)))
}

/** Code points, as the store orders them. */
function byKey(a: License, b: License): number {
  return a.key - b.key || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

export function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}
