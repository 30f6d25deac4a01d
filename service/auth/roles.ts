// The caller's role in a company (spec §3, §6), read from the store and never from a payload.
import type { Kysely } from 'kysely'
import {
  COMPANY_ADMINISTRATOR,
  permissionFlags,
  roleOf,
  type PermissionFlags,
  type RoleNumber,
} from '../../protocol/roles.js'
import type { Caller } from '../dispatch/context.js'
import type { Database } from '../db/schema.js'

export type RoleStore = Pick<Kysely<Pick<Database, 'company_permissions'>>, 'selectFrom'>

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
  for (const row of rows) roles.set(row.company_id, roleOf(row.permissions.split(',')))
  return roles
}

export async function roleIn(store: RoleStore, email: string, companyId: string): Promise<RoleNumber | undefined> {
  return (await rolesIn(store, email, [companyId])).get(companyId)
}

/** Its codes, comma-separated. */
export function flagsOfCodes(codes: string): PermissionFlags {
  return permissionFlags(roleOf(codes.split(',')))
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

export async function callerFlagsIn(store: RoleStore, caller: Caller, companyId: string) {
  const role = await callerRoleIn(store, caller, companyId)
  return role === undefined ? undefined : permissionFlags(role)
}
