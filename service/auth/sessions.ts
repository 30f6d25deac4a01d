// Auth: who the caller is — service sessions (here), link tokens, the caller's role in a company, rate limits.
import crypto from 'node:crypto'
import { SESSION_MAX_AGE_MS } from '../../protocol/shared/limits.js'
import type { DB } from '../db/database.js'
import { ServiceError } from '../dispatch/errors.js'

const hash = (credential: string) => crypto.createHash('sha256').update(credential).digest('hex')

/** Only the hash is stored. */
export async function startSession(db: DB, email: string, now: number): Promise<string> {
  const credential = crypto.randomBytes(32).toString('base64url')
  await db
    .insertInto('service_sessions')
    .values({ id: hash(credential), email, created_at: now, expires_at: now + SESSION_MAX_AGE_MS, revoked_at: null })
    .execute()
  return credential
}

/** INVALID_AGE when expired, INVALID_SIGNATURE when unknown. */
export async function resolveSession(db: DB, credential: string | undefined, now: number): Promise<string> {
  if (!credential) throw new ServiceError('NOT_AUTHENTICATED')
  const row = await db.selectFrom('service_sessions').selectAll().where('id', '=', hash(credential)).executeTakeFirst()
  if (!row || row.revoked_at !== null) throw new ServiceError('INVALID_SIGNATURE')
  if (row.expires_at <= now) throw new ServiceError('INVALID_AGE')
  return row.email
}

export async function endSession(db: DB, credential: string, now: number): Promise<void> {
  await db.updateTable('service_sessions').set({ revoked_at: now }).where('id', '=', hash(credential)).execute()
}
