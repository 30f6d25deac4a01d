// SCIM Users (RFC 7643 §4.1): `userName` is the email, unique case-insensitively (409 `uniqueness`).
import * as z from 'zod/mini'
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from '../../protocol/shared/email.js'
import { oneLine } from '../../protocol/shared/text.js'
import { recordActivity } from '../activity/log.js'
import { newId } from '../db/ids.js'
import { syncScimClaims } from './scim-claims.js'
import { userFilter, listPage } from './scim-filter.js'
import { applyPatch, patchOperations } from './scim-patch.js'
import { ScimError, checkIfMatch, listResponse, meta, notFound, schemaIds } from './scim-protocol.js'
import { resourceBody } from './scim-schemas.js'
import { moveSeats, type SeatScope } from './seats.js'
import { type ScimUserTable } from './tables.js'
import type { DB } from '../db/database.js'
import type { Database } from '../db/schema.js'
import type { Transaction } from 'kysely'

const text = z.string().check(z.maxLength(1000))
const contact = z.object({
  value: z.string().check(z.maxLength(EMAIL_MAX_LENGTH)),
  display: z.optional(text),
  type: z.optional(z.string().check(z.maxLength(60))),
  primary: z.optional(z.boolean()),
})
const address = z.object({
  formatted: z.optional(text),
  streetAddress: z.optional(text),
  locality: z.optional(text),
  region: z.optional(text),
  postalCode: z.optional(text),
  country: z.optional(text),
  type: z.optional(z.string().check(z.maxLength(60))),
  primary: z.optional(z.boolean()),
})
const name = z.object({
  formatted: z.optional(text),
  familyName: z.optional(text),
  givenName: z.optional(text),
  middleName: z.optional(text),
  honorificPrefix: z.optional(text),
  honorificSuffix: z.optional(text),
})
const enterprise = z.object({
  employeeNumber: z.optional(text),
  costCenter: z.optional(text),
  organization: z.optional(text),
  division: z.optional(text),
  department: z.optional(text),
  manager: z.optional(z.object({ value: z.optional(text), $ref: z.optional(text), displayName: z.optional(text) })),
})

/** The client's, after `canonical`. */
const UserAttributes = z.object({
  userName: z.string().check(z.trim(), z.minLength(1), z.maxLength(EMAIL_MAX_LENGTH)),
  externalId: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
  name: z.optional(name),
  displayName: z.optional(text),
  nickName: z.optional(text),
  title: z.optional(text),
  userType: z.optional(text),
  preferredLanguage: z.optional(text),
  locale: z.optional(text),
  timezone: z.optional(text),
  active: z.optional(z.boolean()),
  emails: z.optional(z.array(contact).check(z.maxLength(50))),
  phoneNumbers: z.optional(z.array(contact).check(z.maxLength(50))),
  addresses: z.optional(z.array(address).check(z.maxLength(20))),
  [schemaIds.enterpriseUser]: z.optional(enterprise),
})
type UserAttributes = z.infer<typeof UserAttributes>

function attributesOf(value: Record<string, unknown>): UserAttributes {
  const parsed = UserAttributes.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ScimError(
      400,
      `${issue?.path.join('.') || 'The user'}: ${issue?.message ?? 'is not valid'}.`,
      'invalidValue',
    )
  }
  const email = normalizeEmail(parsed.data.userName)
  if (!EMAIL_PATTERN.test(email)) {
    throw new ScimError(400, "userName must be the person's email address (name@example.com).", 'invalidValue')
  }
  return parsed.data
}

type Store = DB | Transaction<Database>

async function findUser(store: Store, companyId: string, id: string): Promise<ScimUserTable> {
  const row = await store
    .selectFrom('scim_users')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) throw notFound(`User ${id.slice(0, 100)}`)
  return row
}

async function representation(store: Store, rows: readonly ScimUserTable[], base: string) {
  const groups = new Map<string, Array<{ value: string; display: string; $ref: string; type: string }>>()
  const ids = rows.map((r) => r.id)
  if (ids.length > 0) {
    const memberships = await store
      .selectFrom('scim_group_members as m')
      .innerJoin('scim_groups as g', 'g.id', 'm.group_id')
      .select(['m.user_id', 'g.id', 'g.display_name'])
      .where('m.user_id', 'in', ids)
      .orderBy('g.display_key')
      .execute()
    for (const m of memberships) {
      const list = groups.get(m.user_id) ?? []
      list.push({ value: m.id, display: m.display_name, $ref: `${base}Groups/${m.id}`, type: 'direct' })
      groups.set(m.user_id, list)
    }
  }
  return rows.map((row) => {
    const attributes = JSON.parse(row.resource) as UserAttributes
    return {
      schemas: [schemaIds.user, ...(attributes[schemaIds.enterpriseUser] ? [schemaIds.enterpriseUser] : [])],
      id: row.id,
      ...attributes,
      active: row.active === 1,
      groups: groups.get(row.id) ?? [],
      meta: meta('User', row, base),
    }
  })
}

export async function getUser(store: Store, companyId: string, id: string, base: string) {
  const row = await findUser(store, companyId, id)
  return { resource: (await representation(store, [row], base))[0], version: row.version }
}

export async function listUsers(db: DB, companyId: string, query: Record<string, unknown>, base: string) {
  const { rows, total, startIndex } = await listPage(db, 'scim_users', userFilter, companyId, query)
  return listResponse(await representation(db, rows, base), total, startIndex)
}

/** 409 `uniqueness` when another user of the company has this address. */
async function checkUnique(scope: SeatScope, email: string, self?: string): Promise<void> {
  const other = await scope.trx
    .selectFrom('scim_users')
    .select('id')
    .where('company_id', '=', scope.companyId)
    .where('email', '=', email)
    .executeTakeFirst()
  if (other && other.id !== self) {
    throw new ScimError(409, `A user with userName ${email} exists already.`, 'uniqueness')
  }
}

async function writeEmails(scope: SeatScope, id: string, attributes: UserAttributes): Promise<void> {
  await scope.trx.deleteFrom('scim_user_emails').where('user_id', '=', id).execute()
  const emails = (attributes.emails ?? []).filter((e) => e.value.trim() !== '')
  if (emails.length === 0) return
  await scope.trx
    .insertInto('scim_user_emails')
    .values(
      emails.map((e) => ({
        user_id: id,
        company_id: scope.companyId,
        value: normalizeEmail(e.value),
        type: e.type?.toLowerCase() ?? null,
      })),
    )
    .execute()
}

function columnsOf(attributes: UserAttributes) {
  return {
    user_name: attributes.userName,
    email: normalizeEmail(attributes.userName),
    external_id: attributes.externalId ?? null,
    display_name: attributes.displayName ?? null,
    active: attributes.active === false ? 0 : 1,
    resource: JSON.stringify(attributes),
  }
}

const who = (email: string) => oneLine(email, EMAIL_MAX_LENGTH)

export async function createUser(scope: SeatScope, actor: string, body: unknown, base: string) {
  const attributes = attributesOf(resourceBody('User', body))
  const columns = columnsOf(attributes)
  await checkUnique(scope, columns.email)
  const row: ScimUserTable = {
    id: newId('usr'),
    company_id: scope.companyId,
    ...columns,
    version: 1,
    created_at: scope.now,
    updated_at: scope.now,
  }
  await scope.trx.insertInto('scim_users').values(row).execute()
  await writeEmails(scope, row.id, attributes)
  await log(scope, actor, `provisioned ${who(row.email)}${row.active ? '' : ' (inactive)'}`, [row.email])
  await syncScimClaims(scope, [row.email])
  return { resource: (await representation(scope.trx, [row], base))[0], version: row.version }
}

/** Written when they differ from before. */
async function update(
  scope: SeatScope,
  actor: string,
  before: ScimUserTable,
  attributes: UserAttributes,
  base: string,
) {
  const columns = columnsOf(attributes)
  if (columns.resource === before.resource && columns.active === before.active) {
    return { resource: (await representation(scope.trx, [before], base))[0], version: before.version }
  }
  if (columns.email !== before.email) await checkUnique(scope, columns.email, before.id)
  const after = { ...before, ...columns, version: before.version + 1, updated_at: scope.now }
  await scope.trx.updateTable('scim_users').set(after).where('id', '=', before.id).execute()
  await writeEmails(scope, before.id, attributes)
  if (columns.email !== before.email) await moveSeats(scope, before.email, columns.email)
  await log(scope, actor, changeWords(before, after), [before.email, after.email])
  await syncScimClaims(scope, [before.email, after.email])
  return { resource: (await representation(scope.trx, [after], base))[0], version: after.version }
}

function changeWords(before: ScimUserTable, after: ScimUserTable): string {
  if (before.email !== after.email) return `renamed ${who(before.email)} to ${who(after.email)}`
  if (before.active !== after.active) return `${after.active ? 'reactivated' : 'deactivated'} ${who(after.email)}`
  return `updated ${who(after.email)}`
}

export async function replaceUser(
  scope: SeatScope,
  actor: string,
  id: string,
  body: unknown,
  ifMatch: string | undefined,
  base: string,
) {
  const before = await findUser(scope.trx, scope.companyId, id)
  checkIfMatch(ifMatch, before.version)
  return update(scope, actor, before, attributesOf(resourceBody('User', body)), base)
}

export async function patchUser(
  scope: SeatScope,
  actor: string,
  id: string,
  body: unknown,
  ifMatch: string | undefined,
  base: string,
) {
  const operations = patchOperations(body, 'User')
  const before = await findUser(scope.trx, scope.companyId, id)
  checkIfMatch(ifMatch, before.version)
  const current = { ...(JSON.parse(before.resource) as Record<string, unknown>), active: before.active === 1 }
  return update(scope, actor, before, attributesOf(applyPatch('User', current, operations)), base)
}

export async function deleteUser(scope: SeatScope, actor: string, id: string, ifMatch: string | undefined) {
  const before = await findUser(scope.trx, scope.companyId, id)
  checkIfMatch(ifMatch, before.version)
  await scope.trx.deleteFrom('scim_users').where('id', '=', id).execute()
  await log(scope, actor, `deprovisioned ${who(before.email)}`, [before.email])
  await syncScimClaims(scope, [before.email])
}

export async function log(scope: SeatScope, actor: string, summary: string, people: string[], details: string[] = []) {
  await recordActivity(scope.trx, {
    kind: 'directory',
    actor,
    companyId: scope.companyId,
    summary,
    details,
    people,
    at: scope.now,
  })
}
