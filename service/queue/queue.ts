// A queue kept in a table (jobs, mail, webhook deliveries): of the instances that find an item due exactly one claims
// it, with a lease that runs out should that instance stop, and only the holder settles it.
import crypto from 'node:crypto'
import os from 'node:os'
import type { Kysely } from 'kysely'

/** The wait after `attempts` failed attempts; `random` is 0..1, `atLeastMs` a receiver's own request. */
export type Backoff = (attempts: number, random: number, atLeastMs: number) => number

export function exponentialBackoff(options: { baseMs: number; maxMs: number; jitter?: number }): Backoff {
  const { baseMs, maxMs, jitter = 0 } = options
  return (attempts, random, atLeastMs) =>
    Math.max(Math.round(Math.min(baseMs * 2 ** (attempts - 1), maxMs) * (1 + jitter * random)), atLeastMs)
}

/** Who claims: this host and process, and a random part of its own so two runners in one process differ. */
export function holderToken(instance = `${os.hostname()}:${process.pid}`): string {
  return `${instance}:${crypto.randomBytes(6).toString('hex')}`
}

type Column<Row> = keyof Row & string

export type QueueSpec<Row> = {
  key: Column<Row>
  /** When the item is next due; null when there is nothing left to do. */
  due: Column<Row>
  /** Who holds the claim and until when; without them the due time is pushed past the lease and is the claim. */
  lease?: { by: Column<Row>; until: Column<Row> }
  leaseMs: number
  backoff: Backoff
}

export type Claim = { key: string | number; token: string; until: number }

export type StoreQueue<Row> = {
  /** The item's claim, or null when it is not due (`force`: due or not), held by another, or unlike `where`. */
  claim(
    key: string | number,
    now: number,
    options?: { token?: string; force?: boolean; where?: Partial<Record<Column<Row>, string | null>> },
  ): Promise<Claim | null>
  /** Writes `changes` and gives the claim up, unless it ran out and another holds the item now (false). */
  settle(claim: Claim, changes: Partial<Record<Column<Row>, unknown>>): Promise<boolean>
  retryAt(attempts: number, now: number, atLeastMs?: number): number
}

/** `random` stands in for Math.random in tests. */
export function storeQueue<Tables, T extends keyof Tables & string>(
  db: Kysely<Tables>,
  table: T,
  spec: QueueSpec<Tables[T]>,
  random: () => number = Math.random,
): StoreQueue<Tables[T]> {
  // The columns are the caller's, checked against its table type above; the statements themselves are untyped.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const store = db as unknown as Kysely<Record<string, Record<string, any>>>
  const [name, key, due, leaseMs]: [string, string, string, number] = [table, spec.key, spec.due, spec.leaseMs]
  const lease: { by: string; until: string } | undefined = spec.lease

  return {
    async claim(id, now, options = {}) {
      const token = options.token ?? holderToken()
      const until = now + leaseMs
      let query = store
        .updateTable(name)
        .set(lease ? { [lease.by]: token, [lease.until]: until } : { [due]: until })
        .where(key, '=', id)
      if (!options.force) query = query.where(due, '<=', now)
      if (lease) {
        query = query.where((eb) => eb.or([eb(lease.until, 'is', null), eb(lease.until, '<=', now)]))
      }
      for (const [column, value] of Object.entries(options.where ?? {})) {
        query = query.where(column, value === null ? 'is' : '=', value)
      }
      // One statement: of several instances that found the item due, exactly one changes the row.
      const { numUpdatedRows } = await query.executeTakeFirst()
      return numUpdatedRows === 1n ? { key: id, token, until } : null
    },

    async settle(claim, changes) {
      const released = lease ? { [lease.by]: null, [lease.until]: null } : {}
      const { numUpdatedRows } = await store
        .updateTable(name)
        .set({ ...released, ...changes })
        .where(key, '=', claim.key)
        .where(lease ? lease.by : due, '=', lease ? claim.token : claim.until)
        .executeTakeFirst()
      return numUpdatedRows === 1n
    },

    retryAt(attempts, now, atLeastMs = 0) {
      return now + spec.backoff(attempts, random(), atLeastMs)
    },
  }
}
