// The auth room's own tables: access tokens (migration 0019) and rate-limit counters (migration 0006).
import type { AccessTokenKind } from '../../protocol/shared/access-tokens.js'

export type AccessTokenTable = {
  id: string
  kind: AccessTokenKind
  company_id: string | null
  account_email: string | null
  name: string
  scopes: string
  secret_hash: string
  hint: string
  created_by: string
  creation_key: string | null
  created_at: number
  expires_at: number | null
  last_used_at: number | null
  revoked_at: number | null
  revoked_by: string | null
}

export type RateLimitTable = { key: string; hits: number; reset_at: number }

export type AuthTables = { access_tokens: AccessTokenTable; rate_limits: RateLimitTable }
