import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService } from '../../tests/support/service.js'
import { isPostgres } from './migrations/dialect.js'
import { inTransaction, TRANSACTION_ATTEMPTS } from './transaction.js'

let service: Awaited<ReturnType<typeof createTestService>>
beforeAll(async () => {
  service = await createTestService()
})
afterAll(() => service.close())

const conflict = () => Object.assign(new Error('could not serialize access'), { code: '40001' })

describe('inTransaction', () => {
  it('runs a transaction that lost the race again until it commits (PostgreSQL), or once (SQLite)', async () => {
    const postgres = isPostgres(service.db)
    let runs = 0
    const work = inTransaction(service.db, async () => {
      runs++
      if (postgres && runs < TRANSACTION_ATTEMPTS) throw conflict()
      return 'committed'
    })
    await expect(work).resolves.toBe('committed')
    expect(runs).toBe(postgres ? TRANSACTION_ATTEMPTS : 1)
  })

  it('lets the conflict through after the last attempt, and any other error at once', async () => {
    let runs = 0
    await expect(
      inTransaction(service.db, async () => {
        runs++
        throw conflict()
      }),
    ).rejects.toMatchObject({ code: '40001' })
    expect(runs).toBe(isPostgres(service.db) ? TRANSACTION_ATTEMPTS : 1)
    runs = 0
    await expect(
      inTransaction(service.db, async () => {
        runs++
        throw new Error('a bug')
      }),
    ).rejects.toThrow('a bug')
    expect(runs).toBe(1)
  })
})
