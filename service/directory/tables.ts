// The directory's own tables (migration 0020): SCIM users and groups, mappings, ownership, claims and seats.
import type { ProductGroup } from '../../protocol/entities.js'

export type ScimUserTable = {
  id: string
  company_id: string
  user_name: string
  /** userName in lower case: unique within the company; the seats' address. */
  email: string
  external_id: string | null
  display_name: string | null
  active: number
  /** All but id, meta and groups, as JSON. */
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
  /** 1: hand-assigned seats included. */
  owned: number
  updated_at: number
}

export type ClaimSource = 'scim' | 'domain'

export type DirectoryClaimTable = {
  company_id: string
  product_group: ProductGroup
  email: string
  source: ClaimSource
  /** The place in the company's queue for the product (lower waited longer). */
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

export type DirectoryTables = {
  scim_users: ScimUserTable
  scim_user_emails: ScimUserEmailTable
  scim_groups: ScimGroupTable
  scim_group_members: ScimGroupMemberTable
  directory_mappings: DirectoryMappingTable
  directory_products: DirectoryProductTable
  directory_claims: DirectoryClaimTable
  directory_seats: DirectorySeatTable
}
