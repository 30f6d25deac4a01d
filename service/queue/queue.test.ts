// The store queue under jobs, mail and webhook deliveries: one claimer among many, a lease that runs out, only the
// holder settles, and the backoff's schedule, jitter and floor.
import { afterAll, describe, expect, it } from 'vitest'
import { createTestService } from '../../tests/support/service.js'
import type { JobsTable } from '../jobs/tables.js'
import { exponentialBackoff, storeQueue } from './queue.js'

const service = await createTestService()
afterAll(() => service.close())

const NOW = 1_000_000_000
const LEASE = 60_000

const jobsQueue = () =>
  storeQueue(service.db.withTables<{ jobs: JobsTable }>(), 'jobs', {
    key: 'name',
    due: 'next_run_at',
    lease: { by: 'claimed_by', until: 'claimed_until' },
    leaseMs: LEASE,
    backoff: exponentialBackoff({ baseMs: 1_000, maxMs: 10_000 }),
  })

async function addJob(name: string, nextRunAt: number) {
  await service.db
    .withTables<{ jobs: JobsTable }>()
    .insertInto('jobs')
    .values({ name, next_run_at: nextRunAt, claimed_by: null, claimed_until: null, attempts: 0 })
    .execute()
}

describe('a queue with lease columns', () => {
  it('of ten claimers at once exactly one holds a due item; a claim that ran out is anyone’s again', async () => {
    await addJob('queue-once', NOW)
    const queue = jobsQueue()
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, n) => queue.claim('queue-once', NOW, { token: `t${n}` })),
    )
    const held = claims.filter((claim) => claim !== null)
    expect(held).toHaveLength(1)
    expect(await queue.claim('queue-once', NOW + LEASE - 1)).toBeNull()

    const late = await queue.claim('queue-once', NOW + LEASE, { token: 'late' })
    expect(late).toMatchObject({ key: 'queue-once', token: 'late', until: NOW + 2 * LEASE })
    // The first holder's claim ran out: its settling changes nothing; the one holding it now settles.
    expect(await queue.settle(held[0]!, { attempts: 5 })).toBe(false)
    expect(await queue.settle(late!, { attempts: 1, next_run_at: NOW + 3 * LEASE })).toBe(true)
    const row = await service.db
      .withTables<{ jobs: JobsTable }>()
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', 'queue-once')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ attempts: 1, claimed_by: null, claimed_until: null, next_run_at: NOW + 3 * LEASE })
  })

  it('claims an item only once it is due, unless forced, and only when it still matches', async () => {
    await addJob('queue-later', NOW + 5_000)
    const queue = jobsQueue()
    expect(await queue.claim('queue-later', NOW)).toBeNull()
    expect(await queue.claim('queue-later', NOW, { where: { name: 'another' } })).toBeNull()
    expect(await queue.claim('queue-later', NOW, { force: true })).not.toBeNull()
    expect(await queue.claim('queue-unknown', NOW, { force: true })).toBeNull()
  })
})

describe('a queue whose due time is its lease', () => {
  it('pushes the due time past the lease when claimed, and lets only that claim settle', async () => {
    const queue = storeQueue(service.db, 'mail_outbox', {
      key: 'id',
      due: 'next_attempt_at',
      leaseMs: LEASE,
      backoff: exponentialBackoff({ baseMs: 1_000, maxMs: 10_000 }),
    })
    const { id } = await service.db
      .insertInto('mail_outbox')
      .values({ to: 'queue@example.test', subject: 'Queued', text: 'hello', created_at: NOW, sent_at: null })
      .returning('id')
      .executeTakeFirstOrThrow()
    // Not due: nothing is to be done with it.
    expect(await queue.claim(id, NOW)).toBeNull()
    await service.db.updateTable('mail_outbox').set({ next_attempt_at: NOW }).where('id', '=', id).execute()

    const claims = await Promise.all([1, 2, 3].map(() => queue.claim(id, NOW, { where: { sent_at: null } })))
    const [held] = claims.filter((claim) => claim !== null)
    expect(claims.filter((claim) => claim !== null)).toHaveLength(1)
    expect(held.until).toBe(NOW + LEASE)
    const taken = await queue.claim(id, NOW + LEASE)
    expect(await queue.settle(held, { sent_at: NOW })).toBe(false)
    expect(await queue.settle(taken!, { sent_at: NOW + LEASE, next_attempt_at: null })).toBe(true)
    expect(await queue.claim(id, NOW + 10 * LEASE)).toBeNull()
  })
})

describe('the backoff', () => {
  it('doubles up to its longest wait, is lengthened by at most its jitter, and yields to a longer wait asked for', () => {
    const plain = exponentialBackoff({ baseMs: 1_000, maxMs: 5_000 })
    expect([1, 2, 3, 4, 10].map((attempts) => plain(attempts, 0.7, 0))).toEqual([1_000, 2_000, 4_000, 5_000, 5_000])
    const jittered = exponentialBackoff({ baseMs: 1_000, maxMs: 5_000, jitter: 0.5 })
    expect(jittered(2, 0, 0)).toBe(2_000)
    expect(jittered(2, 1, 0)).toBe(3_000)
    expect(jittered(2, 1, 9_000)).toBe(9_000)
    const queue = storeQueue(
      service.db,
      'mail_outbox',
      { key: 'id', due: 'next_attempt_at', leaseMs: LEASE, backoff: jittered },
      () => 0.5,
    )
    expect(queue.retryAt(1, NOW)).toBe(NOW + 1_250)
  })
})
