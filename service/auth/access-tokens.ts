// Access tokens for SCIM and the REST API: `lp_{kind}_` + 256 bits of base62, shown once, kept as SHA-256 alone (no
// slow hash needed at that strength); last use written at most once a minute, so busy callers do not write each time.
import crypto from 'node:crypto'
import type { ExpressionBuilder, Kysely } from 'kysely'
import {
  ACCESS_TOKEN_LIVE_MAX,
  scopesAllowed,
  tooManyTokens,
  type AccessTokenKind,
  type AccessTokenScope,
} from '../../protocol/shared/access-tokens.js'
import type { AccessToken } from '../../protocol/shared/access-token-reads.js'
import { newId } from '../db/ids.js'
import { ServiceError } from '../dispatch/errors.js'
import type { Database } from '../db/schema.js'
import type { AccessTokenTable } from './tables.js'

type Store = Kysely<Database>

export type TokenOwner = { companyId: string } | { account: string }

const ownerIs = (owner: TokenOwner) => (eb: ExpressionBuilder<Database, 'access_tokens'>) =>
  'companyId' in owner
    ? eb('company_id', '=', owner.companyId)
    : eb.and([eb('account_email', '=', owner.account), eb('company_id', 'is', null)])

export type AccessTokenRecord = AccessToken & { companyId: string | null; account: string | null }

export const LAST_USE_GRANULARITY_MS = 60_000

const SECRET_LENGTH = 43
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const SECRET_PATTERN = /^lp_(scim|api)_[0-9A-Za-z]{43}$/

const sha256 = (secret: string) => crypto.createHash('sha256').update(secret).digest()

/** Rejection sampling: bytes of 248 and above are drawn again. */
function randomBase62(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62]
    }
  }
  return out
}

function toRecord(row: AccessTokenTable): AccessTokenRecord {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    scopes: row.scopes.split(' ').filter(Boolean) as AccessTokenScope[],
    hint: row.hint,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    companyId: row.company_id,
    account: row.account_email,
  }
}

export type NewAccessToken = {
  kind: AccessTokenKind
  owner: TokenOwner
  name: string
  scopes: readonly AccessTokenScope[]
  expiresAt?: number | null
  createdBy: string
  now: number
  /** A repeat finds the token the first request made (TOKEN_EXISTS) instead of a second. */
  creationKey?: string
}

/** Held around the transaction that creates a token: creates at the same moment count the live tokens in turn. */
export const tokenOwnerLockKey = (owner: TokenOwner) =>
  'companyId' in owner ? `tokens:company:${owner.companyId}` : `tokens:account:${owner.account}`

/**
 * A repeat of one request (same `creationKey`) is refused: the first request's secret cannot be shown again. The
 * caller holds `tokenOwnerLockKey` (SCIM tokens: the company's directory lock) around the transaction.
 */
export async function createAccessToken(
  store: Store,
  input: NewAccessToken,
): Promise<{ token: AccessTokenRecord; secret: string }> {
  if (!scopesAllowed(input.kind, input.scopes)) {
    throw new ServiceError(
      'INVALID_PAYLOAD',
      `A ${input.kind} token cannot have the scopes ${input.scopes.join(', ')}.`,
    )
  }
  if (input.kind === 'scim' && !('companyId' in input.owner)) {
    throw new ServiceError('INVALID_PAYLOAD', 'A SCIM token belongs to a company.')
  }
  if (input.expiresAt != null && input.expiresAt <= input.now) {
    throw new ServiceError('INVALID_PAYLOAD', 'The expiry must be in the future.')
  }
  if (input.creationKey) {
    const made = await store
      .selectFrom('access_tokens')
      .select('id')
      .where('created_by', '=', input.createdBy)
      .where('creation_key', '=', input.creationKey)
      .executeTakeFirst()
    if (made) throw new ServiceError('INVALID_STATE', tokenShownOnce)
  }
  const live = await store
    .selectFrom('access_tokens')
    .where(ownerIs(input.owner))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('kind', '=', input.kind)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', input.now)]))
    .executeTakeFirstOrThrow()
  if (Number(live.n) >= ACCESS_TOKEN_LIVE_MAX) throw new ServiceError('INVALID_STATE', tooManyTokens(input.kind))
  const secret = `lp_${input.kind}_${randomBase62(SECRET_LENGTH)}`
  const row: AccessTokenTable = {
    id: newId('tok'),
    kind: input.kind,
    company_id: 'companyId' in input.owner ? input.owner.companyId : null,
    account_email: 'account' in input.owner ? input.owner.account : null,
    name: input.name,
    scopes: input.scopes.join(' '),
    secret_hash: sha256(secret).toString('hex'),
    hint: `${secret.slice(0, `lp_${input.kind}_`.length + 4)}…`,
    created_by: input.createdBy,
    creation_key: input.creationKey ?? null,
    created_at: input.now,
    expires_at: input.expiresAt ?? null,
    last_used_at: null,
    revoked_at: null,
    revoked_by: null,
  }
  await store.insertInto('access_tokens').values(row).execute()
  return { token: toRecord(row), secret }
}

export const tokenShownOnce =
  'This token was created already and its secret is shown only once. Revoke it if you did not copy it, and create another.'

/** For the service's own log; the client hears one answer for all. */
export type TokenRefusal = 'malformed' | 'unknown' | 'kind' | 'revoked' | 'expired'

export class AccessTokenRefused extends Error {
  constructor(readonly reason: TokenRefusal) {
    super(`access token refused: ${reason}`)
    this.name = 'AccessTokenRefused'
  }
}

export async function authenticateAccessToken(
  store: Store,
  secret: string | undefined,
  options: { kind: AccessTokenKind; now: number },
): Promise<AccessTokenRecord> {
  if (!secret || !SECRET_PATTERN.test(secret)) throw new AccessTokenRefused('malformed')
  const presented = sha256(secret)
  const row = await store
    .selectFrom('access_tokens')
    .selectAll()
    .where('secret_hash', '=', presented.toString('hex'))
    .executeTakeFirst()
  if (!row || !crypto.timingSafeEqual(Buffer.from(row.secret_hash, 'hex'), presented)) {
    throw new AccessTokenRefused('unknown')
  }
  if (row.kind !== options.kind) throw new AccessTokenRefused('kind')
  if (row.revoked_at !== null) throw new AccessTokenRefused('revoked')
  if (row.expires_at !== null && Number(row.expires_at) <= options.now) throw new AccessTokenRefused('expired')
  await recordUse(store, row.id, options.now)
  return toRecord(row)
}

/** Within the minute the update matches no row. */
async function recordUse(store: Store, id: string, now: number): Promise<void> {
  await store
    .updateTable('access_tokens')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - LAST_USE_GRANULARITY_MS)]))
    .execute()
}

/** Newest first, expired ones included (the list says so). */
export async function listAccessTokens(
  store: Store,
  owner: TokenOwner,
  kind: AccessTokenKind,
): Promise<AccessTokenRecord[]> {
  const query = store
    .selectFrom('access_tokens')
    .selectAll()
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null)
    .where(ownerIs(owner))
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').execute()
  return rows.map(toRecord)
}

export async function findAccessToken(
  store: Store,
  owner: TokenOwner,
  id: string,
): Promise<(AccessTokenRecord & { revokedAt: number | null }) | undefined> {
  const row = await store.selectFrom('access_tokens').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  const mine = 'companyId' in owner ? row.company_id === owner.companyId : row.account_email === owner.account
  if (!mine) return undefined
  return { ...toRecord(row), revokedAt: row.revoked_at === null ? null : Number(row.revoked_at) }
}

/** Revoking a revoked token changes nothing, so a repeated request is harmless. */
export async function revokeAccessToken(
  store: Store,
  input: { owner: TokenOwner; id: string; by: string; now: number },
): Promise<{ token: AccessTokenRecord; revokedNow: boolean } | undefined> {
  const token = await findAccessToken(store, input.owner, input.id)
  if (!token) return undefined
  const { numUpdatedRows } = await store
    .updateTable('access_tokens')
    .set({ revoked_at: input.now, revoked_by: input.by })
    .where('id', '=', input.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return { token, revokedNow: numUpdatedRows === 1n }
}
