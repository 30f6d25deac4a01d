// Who may do what in a company (spec §3, §6), read from the store and never from a payload: the caller's role, the
// guard of the administrators' dialogs, and who is told about a company. The rules themselves are protocol/roles.ts.
import type { Kysely } from 'kysely'
import { PLATFORM_ADMINISTRATOR } from '../../protocol/activity/activity.js'
import type { PermissionCode } from '../../protocol/entities.js'
import {
  administersCompany,
  COMPANY_ADMINISTRATOR,
  isAdministrator,
  permissionFlags,
  roleOf,
  UNKNOWN_ROLE,
  type PermissionFlags,
  type RoleNumber,
} from '../../protocol/permissions/roles.js'
import { requireCaller, type Caller, type ServiceContext } from '../dispatch/context.js'
import { ServiceError } from '../dispatch/errors.js'
import type { Database } from '../db/schema.js'

export type RoleStore = Pick<Kysely<Pick<Database, 'company_permissions'>>, 'selectFrom'>

// The permissions column holds an entry's codes comma-separated; only this module reads or writes that form.
const codesIn = (column: string): string[] => column.split(',')
const knownCodes: readonly string[] = ['ADMIN', 'RESELLER', 'ASSIGN'] satisfies PermissionCode[]

export const permissionColumn = (codes: readonly PermissionCode[]): string => codes.join(',')
export const roleOfColumn = (column: string): RoleNumber => roleOf(codesIn(column))
export const flagsOfColumn = (column: string): PermissionFlags => permissionFlags(roleOfColumn(column))
export const codesOfColumn = (column: string): PermissionCode[] =>
  codesIn(column).filter((code): code is PermissionCode => knownCodes.includes(code))

/** Companies where it holds none are absent; one query. */
export async function rolesIn(
  store: RoleStore,
  email: string,
  companyIds: readonly string[],
): Promise<Map<string, RoleNumber>> {
  const roles = new Map<string, RoleNumber>()
  if (companyIds.length === 0) return roles
  const rows = await store
    .selectFrom('company_permissions')
    .select(['company_id', 'permissions'])
    .where('email', '=', email)
    .where('company_id', 'in', [...new Set(companyIds)])
    .execute()
  for (const row of rows) roles.set(row.company_id, roleOfColumn(row.permissions))
  return roles
}

export async function roleIn(store: RoleStore, email: string, companyId: string): Promise<RoleNumber | undefined> {
  return (await rolesIn(store, email, [companyId])).get(companyId)
}

export async function flagsIn(
  store: RoleStore,
  email: string,
  companyId: string,
): Promise<PermissionFlags | undefined> {
  const role = await roleIn(store, email, companyId)
  return role === undefined ? undefined : permissionFlags(role)
}

/** The caller's roles: a company's API token acts as a Company Administrator of its own company and of no other. */
export async function callerRolesIn(
  store: RoleStore,
  caller: Caller,
  companyIds: readonly string[],
): Promise<Map<string, RoleNumber>> {
  if (!caller.token) return rolesIn(store, caller.email, companyIds)
  const own = companyIds.filter((id) => id === caller.token?.companyId)
  return new Map(own.map((id) => [id, COMPANY_ADMINISTRATOR]))
}

export async function callerRoleIn(store: RoleStore, caller: Caller, companyId: string) {
  return (await callerRolesIn(store, caller, [companyId])).get(companyId)
}

/** The company's administrators (Reseller and Company Administrators), by address: who is told about the company. */
export async function administratorsOf(store: RoleStore, companyId: string): Promise<string[]> {
  const rows = await store
    .selectFrom('company_permissions')
    .select(['email', 'permissions'])
    .where('company_id', '=', companyId)
    .orderBy('email')
    .execute()
  return rows.filter((row) => isAdministrator(roleOfColumn(row.permissions))).map((row) => row.email)
}

/**
 * The caller, the company and the log's name for the change, when the caller administers the company or is a platform
 * administrator (FORBIDDEN with `forbidden` otherwise, before anything tells whether the company exists).
 */
export async function requireCompanyAdministrator(ctx: ServiceContext, companyId: string, forbidden: string) {
  const caller = await requireCaller(ctx)
  const role = await callerRoleIn(ctx.db, caller, companyId)
  if (!administersCompany(permissionFlags(role ?? UNKNOWN_ROLE), caller.admin)) {
    throw new ServiceError('FORBIDDEN', forbidden)
  }
  const company = await ctx.db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', '=', companyId)
    .executeTakeFirst()
  if (!company) throw new ServiceError('NOT_FOUND', 'This company was not found.')
  return { caller, company, actor: role === undefined ? PLATFORM_ADMINISTRATOR : caller.email }
}
