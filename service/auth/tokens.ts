import { DAY_MS } from '../../protocol/shared/dates.js'
import crypto from 'node:crypto'
import * as z from 'zod/mini'
import type { DB } from '../db/database.js'
import type { LinkRevocation, TokenTable } from '../db/schema.js'
import { ServiceError } from '../dispatch/errors.js'
import type { Result } from '../../protocol/operations.js'

/** Emailed links (sign-in, change of email, activation) are valid 24 hours (spec §9) and usable once. */
export const LINK_VALIDITY_MS = DAY_MS

type Purpose = TokenTable['purpose']

const Claims = z.object({ jti: z.string(), p: z.enum(['login', 'email_change', 'activation']), iat: z.number() })

/**
 * `base64url(claims).base64url(HMAC-SHA256(claims))`; the claims carry only id, purpose and issue time, the rest is in
 * the store, so a token reveals nothing and can be used once.
 */
export function createTokenCodec(secret: Buffer) {
  const mac = (data: string) => crypto.createHmac('sha256', secret).update(data).digest('base64url')

  return {
    /** The same key's MAC of anything else the service hands out and must know again (a preview's id). */
    mac,
    sign(claims: z.infer<typeof Claims>): string {
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
      return `${body}.${mac(body)}`
    },
    /** Throws INVALID_SIGNATURE or INVALID_AGE. */
    verify(token: string, purpose: Purpose, now: number): z.infer<typeof Claims> {
      const claims = this.verifySignature(token, purpose)
      if (now - claims.iat > LINK_VALIDITY_MS || claims.iat > now + 60_000) throw new ServiceError('INVALID_AGE')
      return claims
    },
    /** What an expired link was; throws INVALID_SIGNATURE. */
    verifySignature(token: string, purpose: Purpose): z.infer<typeof Claims> {
      const [body, signature, extra] = token.split('.')
      if (!body || !signature || extra !== undefined) throw new ServiceError('INVALID_SIGNATURE')
      const expected = Buffer.from(mac(body))
      const given = Buffer.from(signature)
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
        throw new ServiceError('INVALID_SIGNATURE')
      }
      let claims: z.infer<typeof Claims>
      try {
        claims = Claims.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')))
      } catch {
        throw new ServiceError('INVALID_SIGNATURE')
      }
      if (claims.p !== purpose) throw new ServiceError('INVALID_SIGNATURE')
      return claims
    },
  }
}

export type TokenCodec = ReturnType<typeof createTokenCodec>

/** What a revoked link answers: it was never used, and a newer one or a completed change of address retired it. */
export const linkRevokedMessages: Record<LinkRevocation, string> = {
  'newer-link': 'This link was replaced by a newer one; use the link in the most recent email.',
  'email-change': 'This link no longer works: the email address of the account was changed after it was sent.',
}

const revoked = (by: LinkRevocation | null) =>
  new ServiceError('LINK_REPLACED', linkRevokedMessages[by ?? 'newer-link'])

/**
 * Replaces the account's unused links of the same purpose, so only the newest works. Run it in a transaction: the
 * revocation and the new link are then one write, and concurrent issues for one account take turns.
 */
export async function issueToken(
  db: DB,
  codec: TokenCodec,
  input: { purpose: Purpose; email: string; account?: string; data?: unknown; now: number },
): Promise<string> {
  const jti = crypto.randomBytes(16).toString('base64url')
  if (input.account !== undefined) {
    await revokeLinks(db, { purpose: input.purpose, accounts: [input.account], now: input.now, by: 'newer-link' })
  }
  await db
    .insertInto('tokens')
    .values({
      id: jti,
      purpose: input.purpose,
      email: input.email,
      account: input.account ?? null,
      data: input.data === undefined ? null : JSON.stringify(input.data),
      issued_at: input.now,
      used_at: null,
      revoked_at: null,
    })
    .execute()
  return codec.sign({ jti, p: input.purpose, iat: input.now })
}

export async function revokeLinks(
  db: DB,
  input: { purpose: Purpose; accounts: string[]; now: number; by: LinkRevocation },
): Promise<void> {
  if (input.accounts.length === 0) return
  await db
    .updateTable('tokens')
    .set({ revoked_at: input.now, revoked_by: input.by })
    .where('purpose', '=', input.purpose)
    .where('account', 'in', input.accounts)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute()
}

/** Atomically: of two concurrent uses exactly one succeeds; used is INVALID_REQUEST, replaced LINK_REPLACED. */
export async function consumeToken(
  db: DB,
  codec: TokenCodec,
  token: string,
  purpose: Purpose,
  now: number,
): Promise<{ email: string; data: unknown; id: string }> {
  const claims = codec.verify(token, purpose, now)
  const row = await db.selectFrom('tokens').selectAll().where('id', '=', claims.jti).executeTakeFirst()
  if (!row || row.purpose !== purpose) throw new ServiceError('INVALID_SIGNATURE')
  if (row.revoked_at !== null) throw revoked(row.revoked_by)
  const updated = await db
    .updateTable('tokens')
    .set({ used_at: now })
    .where('id', '=', claims.jti)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) {
    // Used or replaced since it was read: which one decides what the person is told.
    const latest = await db
      .selectFrom('tokens')
      .select(['revoked_at', 'revoked_by'])
      .where('id', '=', claims.jti)
      .executeTakeFirst()
    if (latest?.revoked_at != null) throw revoked(latest.revoked_by)
    throw new ServiceError('INVALID_REQUEST', 'This link has already been used.')
  }
  return { email: row.email, data: row.data ? JSON.parse(row.data) : null, id: row.id }
}

/** E.g. to show the activation list before Proceed. */
export async function peekToken(db: DB, codec: TokenCodec, token: string, purpose: Purpose, now: number) {
  const claims = codec.verify(token, purpose, now)
  const row = await db.selectFrom('tokens').selectAll().where('id', '=', claims.jti).executeTakeFirst()
  if (!row || row.purpose !== purpose) throw new ServiceError('INVALID_SIGNATURE')
  return {
    email: row.email,
    data: row.data ? JSON.parse(row.data) : null,
    used: row.used_at !== null,
    replaced: row.revoked_at !== null,
    id: row.id,
  }
}

/** What became of a link, with the address it was sent to while the record is kept. */
export async function inspectToken(
  db: DB,
  codec: TokenCodec,
  token: string,
  purpose: Purpose,
  now: number,
): Promise<{ state: Result<'signInLink'>['state']; email?: string }> {
  let claims: z.infer<typeof Claims>
  try {
    claims = codec.verifySignature(token, purpose)
  } catch {
    return { state: 'invalid' }
  }
  const row = await db
    .selectFrom('tokens')
    .select(['email', 'purpose', 'used_at', 'revoked_at', 'revoked_by'])
    .where('id', '=', claims.jti)
    .executeTakeFirst()
  const expired = now - claims.iat > LINK_VALIDITY_MS
  if (!row || row.purpose !== purpose) return expired ? { state: 'expired' } : { state: 'invalid' }
  if (row.used_at !== null) return { state: 'used', email: row.email }
  if (row.revoked_at !== null && !expired) {
    return { state: row.revoked_by === 'email-change' ? 'retired' : 'replaced', email: row.email }
  }
  return { state: expired ? 'expired' : 'unused', email: row.email }
}
