// SCIM Groups (RFC 7643 §4.2): `displayName` is unique case-insensitively, as the Directory maps by it.
import * as z from 'zod/mini'
import { oneLine } from '../../protocol/shared/text.js'
import { countOf } from '../../protocol/shared/words.js'
import { newId } from '../db/ids.js'
import { isMapped, memberEmails, syncScimClaims } from './scim-claims.js'
import { groupFilter, listPage } from './scim-filter.js'
import { applyMemberSteps, applyPatch, memberChanges, patchOperations } from './scim-patch.js'
import { ScimError, checkIfMatch, listResponse, meta, notFound, schemaIds } from './scim-protocol.js'
import { resourceBody } from './scim-schemas.js'
import { log } from './scim-users.js'
import type { SeatScope } from './seats.js'
import type { ScimGroupTable } from './tables.js'
import type { DB } from '../db/database.js'
import type { Database } from '../db/schema.js'
import type { Transaction } from 'kysely'

const GroupAttributes = z.object({
  displayName: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  externalId: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
})

const MAX_MEMBERS = 10_000
const CHUNK = 500

function attributesOf(value: Record<string, unknown>) {
  const parsed = GroupAttributes.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ScimError(
      400,
      `${issue?.path.join('.') || 'The group'}: ${issue?.message ?? 'is not valid'}.`,
      'invalidValue',
    )
  }
  return { displayName: oneLine(parsed.data.displayName, 200), externalId: parsed.data.externalId ?? null }
}

function memberIds(value: unknown): string[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value) || value.length > MAX_MEMBERS) {
    throw new ScimError(400, `members is a list of at most ${MAX_MEMBERS} users.`, 'invalidValue')
  }
  return value.map((m) => {
    const id = typeof m === 'object' && m !== null ? (m as { value?: unknown }).value : undefined
    if (typeof id !== 'string' || id === '')
      throw new ScimError(400, 'A member is given by its value (a user id).', 'invalidValue')
    return id
  })
}

type Store = DB | Transaction<Database>

async function findGroup(store: Store, companyId: string, id: string): Promise<ScimGroupTable> {
  const row = await store
    .selectFrom('scim_groups')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) throw notFound(`Group ${id.slice(0, 100)}`)
  return row
}

/** With members unless `excludedAttributes=members`. */
async function representation(store: Store, rows: readonly ScimGroupTable[], base: string, withMembers: boolean) {
  const members = new Map<string, Array<{ value: string; display: string; $ref: string; type: 'User' }>>()
  for (let i = 0; withMembers && i < rows.length; i += CHUNK) {
    const found = await store
      .selectFrom('scim_group_members as m')
      .innerJoin('scim_users as u', 'u.id', 'm.user_id')
      .select(['m.group_id', 'u.id', 'u.user_name'])
      .where(
        'm.group_id',
        'in',
        rows.slice(i, i + CHUNK).map((r) => r.id),
      )
      .orderBy('u.email')
      .execute()
    for (const m of found) {
      const list = members.get(m.group_id) ?? []
      list.push({ value: m.id, display: m.user_name, $ref: `${base}Users/${m.id}`, type: 'User' })
      members.set(m.group_id, list)
    }
  }
  return rows.map((row) => ({
    schemas: [schemaIds.group],
    id: row.id,
    displayName: row.display_name,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    ...(withMembers ? { members: members.get(row.id) ?? [] } : {}),
    meta: meta('Group', row, base),
  }))
}

export function wantsMembers(query: Record<string, unknown>): boolean {
  const names = (v: unknown) =>
    typeof v === 'string'
      ? v
          .toLowerCase()
          .split(',')
          .map((s) => s.trim())
      : []
  if (names(query.excludedAttributes).includes('members')) return false
  const asked = names(query.attributes).filter(Boolean)
  return asked.length === 0 || asked.includes('members')
}

export async function getGroup(store: Store, companyId: string, id: string, base: string, withMembers = true) {
  const row = await findGroup(store, companyId, id)
  return { resource: (await representation(store, [row], base, withMembers))[0], version: row.version }
}

export async function listGroups(db: DB, companyId: string, query: Record<string, unknown>, base: string) {
  const { rows, total, startIndex } = await listPage(db, 'scim_groups', groupFilter, companyId, query)
  return listResponse(await representation(db, rows, base, wantsMembers(query)), total, startIndex)
}

async function checkUnique(scope: SeatScope, displayName: string, self?: string): Promise<void> {
  const other = await scope.trx
    .selectFrom('scim_groups')
    .select('id')
    .where('company_id', '=', scope.companyId)
    .where('display_key', '=', displayName.toLowerCase())
    .executeTakeFirst()
  if (other && other.id !== self) {
    throw new ScimError(409, `A group named ${displayName} exists already.`, 'uniqueness')
  }
}

/** 400 `invalidValue` naming one that is not a user of the company. */
async function usersOf(scope: SeatScope, ids: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  const distinct = [...new Set(ids)]
  for (let i = 0; i < distinct.length; i += CHUNK) {
    const rows = await scope.trx
      .selectFrom('scim_users')
      .select(['id', 'email'])
      .where('company_id', '=', scope.companyId)
      .where('id', 'in', distinct.slice(i, i + CHUNK))
      .execute()
    for (const row of rows) found.set(row.id, row.email)
  }
  const missing = distinct.find((id) => !found.has(id))
  if (missing)
    throw new ScimError(400, `Member ${missing.slice(0, 100)} is not a user of this directory.`, 'invalidValue')
  return found
}

/** Logs who came and went, and settles their seats if the group is mapped. */
async function setMembers(scope: SeatScope, actor: string, group: ScimGroupTable, after: ReadonlySet<string>) {
  const current = await scope.trx
    .selectFrom('scim_group_members')
    .select('user_id')
    .where('group_id', '=', group.id)
    .execute()
  const before = new Set(current.map((r) => r.user_id))
  const added = [...after].filter((id) => !before.has(id))
  const removed = [...before].filter((id) => !after.has(id))
  if (added.length === 0 && removed.length === 0) return false
  const emails = await usersOf(scope, [...added, ...removed])
  for (let i = 0; i < added.length; i += CHUNK) {
    await scope.trx
      .insertInto('scim_group_members')
      .values(added.slice(i, i + CHUNK).map((user_id) => ({ group_id: group.id, user_id })))
      .execute()
  }
  for (let i = 0; i < removed.length; i += CHUNK) {
    await scope.trx
      .deleteFrom('scim_group_members')
      .where('group_id', '=', group.id)
      .where('user_id', 'in', removed.slice(i, i + CHUNK))
      .execute()
  }
  const name = group.display_name
  const addedEmails = added.map((id) => emails.get(id) as string)
  const removedEmails = removed.map((id) => emails.get(id) as string)
  const parts = [
    addedEmails.length ? `added ${countOf(addedEmails.length, 'person', 'people')} to group ${name}` : '',
    removedEmails.length ? `removed ${countOf(removedEmails.length, 'person', 'people')} from group ${name}` : '',
  ].filter(Boolean)
  await log(
    scope,
    actor,
    parts.join(' and '),
    [...addedEmails, ...removedEmails],
    [
      ...addedEmails.map((e) => `added ${e} to group ${name}`),
      ...removedEmails.map((e) => `removed ${e} from group ${name}`),
    ],
  )
  if (await isMapped(scope, group.id)) await syncScimClaims(scope, [...addedEmails, ...removedEmails])
  return true
}

export async function createGroup(scope: SeatScope, actor: string, body: unknown, base: string) {
  const value = resourceBody('Group', body)
  const attributes = attributesOf(value)
  await checkUnique(scope, attributes.displayName)
  const row: ScimGroupTable = {
    id: newId('grp'),
    company_id: scope.companyId,
    display_name: attributes.displayName,
    display_key: attributes.displayName.toLowerCase(),
    external_id: attributes.externalId,
    version: 1,
    created_at: scope.now,
    updated_at: scope.now,
  }
  await scope.trx.insertInto('scim_groups').values(row).execute()
  await log(scope, actor, `created group ${row.display_name}`, [])
  await setMembers(scope, actor, row, new Set(memberIds(value.members)))
  return getGroup(scope.trx, scope.companyId, row.id, base)
}

/** Only when they differ, or the members changed. */
async function update(
  scope: SeatScope,
  actor: string,
  before: ScimGroupTable,
  attributes: { displayName: string; externalId: string | null },
  members: ReadonlySet<string> | undefined,
) {
  const renamed = attributes.displayName !== before.display_name
  if (renamed) await checkUnique(scope, attributes.displayName, before.id)
  const changed = renamed || attributes.externalId !== before.external_id
  const after: ScimGroupTable = {
    ...before,
    display_name: attributes.displayName,
    display_key: attributes.displayName.toLowerCase(),
    external_id: attributes.externalId,
  }
  if (renamed) await log(scope, actor, `renamed group ${before.display_name} to ${after.display_name}`, [])
  const membersChanged = members ? await setMembers(scope, actor, after, members) : false
  if (changed || membersChanged) {
    await scope.trx
      .updateTable('scim_groups')
      .set({ ...after, version: before.version + 1, updated_at: scope.now })
      .where('id', '=', before.id)
      .execute()
  }
}

export async function replaceGroup(
  scope: SeatScope,
  actor: string,
  id: string,
  body: unknown,
  ifMatch: string | undefined,
  base: string,
) {
  const before = await findGroup(scope.trx, scope.companyId, id)
  checkIfMatch(ifMatch, before.version)
  const value = resourceBody('Group', body)
  await update(scope, actor, before, attributesOf(value), new Set(memberIds(value.members)))
  return getGroup(scope.trx, scope.companyId, id, base)
}

export async function patchGroup(
  scope: SeatScope,
  actor: string,
  id: string,
  body: unknown,
  ifMatch: string | undefined,
) {
  const operations = patchOperations(body, 'Group')
  const before = await findGroup(scope.trx, scope.companyId, id)
  checkIfMatch(ifMatch, before.version)
  const { steps, rest } = memberChanges(operations)
  const current = {
    displayName: before.display_name,
    ...(before.external_id !== null ? { externalId: before.external_id } : {}),
  }
  const attributes = attributesOf(rest.length ? applyPatch('Group', current, rest) : current)
  let members: Set<string> | undefined
  if (steps.length > 0) {
    const rows = await scope.trx.selectFrom('scim_group_members').select('user_id').where('group_id', '=', id).execute()
    members = applyMemberSteps(new Set(rows.map((r) => r.user_id)), steps)
  }
  await update(scope, actor, before, attributes, members)
  return (await findGroup(scope.trx, scope.companyId, id)).version
}

export async function deleteGroup(scope: SeatScope, actor: string, id: string, ifMatch: string | undefined) {
  const before = await findGroup(scope.trx, scope.companyId, id)
  checkIfMatch(ifMatch, before.version)
  const mapped = await isMapped(scope, id)
  const emails = mapped ? await memberEmails(scope, id) : []
  await scope.trx.deleteFrom('scim_groups').where('id', '=', id).execute()
  await log(scope, actor, `deleted group ${before.display_name}${mapped ? ' and its mappings' : ''}`, emails)
  await syncScimClaims(scope, emails)
}
