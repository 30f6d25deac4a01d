import crypto from 'node:crypto'
import { z } from 'zod'
import type { DB } from '../db/database.js'
import type { TokenTable } from '../db/schema.js'
import { ServiceError } from '../dispatch/errors.js'

/** Emailed links (sign-in, change of email, activation) are valid 24 hours (spec §9) and usable once. */
export const LINK_VALIDITY_MS = 24 * 60 * 60 * 1000

type Purpose = TokenTable['purpose']

const Claims = z.object({ jti: z.string(), p: z.enum(['login', 'email_change', 'activation']), iat: z.number() })

/**
 * A link token is `base64url(claims).base64url(HMAC-SHA256(claims))`. The claims carry the token id, its purpose and
 * its issue time; everything else (the email, the activation) is kept in the store under the id, so a token reveals
 * nothing and can be used once.
 */
export function createTokenCodec(secret: Buffer) {
  const mac = (data: string) => crypto.createHmac('sha256', secret).update(data).digest('base64url')

  return {
    sign(claims: z.infer<typeof Claims>): string {
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
      return `${body}.${mac(body)}`
    },
    /** Verifies signature and age; throws INVALID_SIGNATURE or INVALID_AGE. */
    verify(token: string, purpose: Purpose, now: number): z.infer<typeof Claims> {
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
      if (now - claims.iat > LINK_VALIDITY_MS || claims.iat > now + 60_000) throw new ServiceError('INVALID_AGE')
      return claims
    },
  }
}

export type TokenCodec = ReturnType<typeof createTokenCodec>

/** Issues a single-use link token and records it. */
export async function issueToken(
  db: DB,
  codec: TokenCodec,
  input: { purpose: Purpose; email: string; data?: unknown; now: number },
): Promise<string> {
  const jti = crypto.randomBytes(16).toString('base64url')
  await db
    .insertInto('tokens')
    .values({
      id: jti,
      purpose: input.purpose,
      email: input.email,
      data: input.data === undefined ? null : JSON.stringify(input.data),
      issued_at: input.now,
      used_at: null,
    })
    .execute()
  return codec.sign({ jti, p: input.purpose, iat: input.now })
}

/**
 * Verifies a link token and marks it used, atomically: of two concurrent uses exactly one succeeds. A token that was
 * already used answers INVALID_REQUEST ("already processed").
 */
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
  const updated = await db
    .updateTable('tokens')
    .set({ used_at: now })
    .where('id', '=', claims.jti)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1)
    throw new ServiceError('INVALID_REQUEST', 'This link has already been used.')
  return { email: row.email, data: row.data ? JSON.parse(row.data) : null, id: row.id }
}

/** Reads a link token's record without using it up (e.g. to show the activation list before Proceed). */
export async function peekToken(db: DB, codec: TokenCodec, token: string, purpose: Purpose, now: number) {
  const claims = codec.verify(token, purpose, now)
  const row = await db.selectFrom('tokens').selectAll().where('id', '=', claims.jti).executeTakeFirst()
  if (!row || row.purpose !== purpose) throw new ServiceError('INVALID_SIGNATURE')
  return { email: row.email, data: row.data ? JSON.parse(row.data) : null, used: row.used_at !== null, id: row.id }
}
