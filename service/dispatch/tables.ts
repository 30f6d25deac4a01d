// The idempotency keys' table (migration 0004): a keyed write's first answer, for its repeats.

export type IdempotencyKeyTable = {
  scope: string
  key: string
  operation: string
  payload_digest: string
  status: 'pending' | 'done'
  response: string | null
  created_at: number
}

export type DispatchTables = { idempotency_keys: IdempotencyKeyTable }
