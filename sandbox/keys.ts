// The sandbox's webhook signing key pair, one in the shared store (migration 0010): the first written wins.
import crypto from 'node:crypto'
import type { DB } from '../service/db/database.js'

export type KeyPair = { publicKey: string; privateKey: string }

const WEBHOOK_KEYS = 'webhook'

function keyTable(db: DB) {
  return db
}

export async function readOrCreateSandboxKeys(db: DB, now: number = Date.now()): Promise<KeyPair> {
  const stored = await readKeys(db)
  if (stored) return stored
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  await keyTable(db)
    .insertInto('sandbox_keys')
    .values({ name: WEBHOOK_KEYS, public_key: publicKey, private_key: privateKey, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const written = await readKeys(db)
  if (!written) throw new Error('the sandbox webhook keys could not be stored')
  return written
}

async function readKeys(db: DB): Promise<KeyPair | undefined> {
  const row = await keyTable(db)
    .selectFrom('sandbox_keys')
    .select(['public_key', 'private_key'])
    .where('name', '=', WEBHOOK_KEYS)
    .executeTakeFirst()
  return row ? { publicKey: row.public_key, privateKey: row.private_key } : undefined
}
