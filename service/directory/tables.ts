/**
 * The directory's own tables (migration 0020): what a company's identity provider provisions over SCIM (users, their
 * addresses, groups and members), the groups mapped to products, the products whose seats the directory owns, the
 * claims to a seat (the queue's order) and the seats the directory handed out.
 */
import type { Kysely, Transaction } from 'kysely'
import type { ProductGroup } from '../../protocol/entities.js'
import type { DB } from '../db/database.js'
import type { Database } from '../db/schema.js'
import type { AccessTokenTables } from '../auth/access-tokens.js'

export type ScimUserTable = {
  id: string
  company_id: string
  user_name: string
  /** userName in lower case: unique within the company, and the address the person's seats are assigned to. */
  email: string
  external_id: string | null
  display_name: string | null
  active: number
  /** The user's SCIM attributes as JSON (all but id, meta and groups). */
  resource: string
  version: number
  created_at: number
  updated_at: number
}

export type ScimUserEmailTable = { user_id: string; company_id: string; value: string; type: string | null }

export type ScimGroupTable = {
  id: string
  company_id: string
  display_name: string
  display_key: string
  external_id: string | null
  version: number
  created_at: number
  updated_at: number
}

export type ScimGroupMemberTable = { group_id: string; user_id: string }

export type DirectoryMappingTable = {
  group_id: string
  product_group: ProductGroup
  company_id: string
  created_at: number
}

export type DirectoryProductTable = {
  company_id: string
  product_group: ProductGroup
  /** 1: the directory decides every seat of the product (hand-assigned seats included). */
  owned: number
  updated_at: number
}

/** Why a person is entitled to a seat: membership of a mapped group, or a verified domain's auto-join. */
export type ClaimSource = 'scim' | 'domain'

export type DirectoryClaimTable = {
  company_id: string
  product_group: ProductGroup
  email: string
  source: ClaimSource
  /** The claim's place in the company's queue for the product (lower waited longer). */
  seq: number
  created_at: number
}

export type DirectorySeatTable = {
  license_id: string
  company_id: string
  product_group: ProductGroup
  email: string
  assigned_at: number
}

export type DirectoryTables = AccessTokenTables & {
  scim_users: ScimUserTable
  scim_user_emails: ScimUserEmailTable
  scim_groups: ScimGroupTable
  scim_group_members: ScimGroupMemberTable
  directory_mappings: DirectoryMappingTable
  directory_products: DirectoryProductTable
  directory_claims: DirectoryClaimTable
  directory_seats: DirectorySeatTable
}

export type DirectoryDatabase = Database & DirectoryTables
export type DirectoryDB = Kysely<DirectoryDatabase>
export type DirectoryTransaction = Transaction<DirectoryDatabase>

/** The store, seen with the directory's tables too. */
export function directoryDb(db: DB): DirectoryDB {
  return db.withTables<DirectoryTables>()
}

/** A transaction of any wider view of the store (the payments' included), seen with the directory's tables. */
export function directoryTrx(trx: Transaction<Database> | Transaction<never>): DirectoryTransaction {
  return trx as unknown as DirectoryTransaction
}

/** The same transaction as the core store's modules take it (the activity log, the company lock). */
export function coreTrx(trx: DirectoryTransaction): Transaction<Database> {
  return trx as unknown as Transaction<Database>
}
