import express from 'express'
import type { Logger } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Config } from '../../config/config.js'
import { rateLimits } from '../../server/guards.js'
import { databaseRateLimitStore } from './rate-limits.js'
import { createTestService } from '../../tests/support/service.js'

// The rate limits' shared store: instances on one database (SQLite here, PostgreSQL under test:pg) count together.
let service: Awaited<ReturnType<typeof createTestService>>
beforeAll(async () => {
  service = await createTestService()
})
afterAll(async () => {
  await service.close()
})

describe('the shared rate-limit store', () => {
  it('counts one client across instances, and starts a new window after the last one ends', async () => {
    let clock = 1_000_000
    const one = databaseRateLimitStore(service.db, 't1:', () => clock)
    const two = databaseRateLimitStore(service.db, 't1:', () => clock)
    one.init({ windowMs: 60_000 })
    two.init({ windowMs: 60_000 })
    expect((await one.increment('1.2.3.4')).totalHits).toBe(1)
    expect((await two.increment('1.2.3.4')).totalHits).toBe(2)
    expect((await one.increment('5.6.7.8')).totalHits).toBe(1)
    await two.decrement('1.2.3.4')
    expect((await one.get('1.2.3.4'))?.totalHits).toBe(1)
    clock += 60_000
    expect(await one.get('1.2.3.4')).toBeUndefined()
    const fresh = await two.increment('1.2.3.4')
    expect(fresh).toEqual({ totalHits: 1, resetTime: new Date(clock + 60_000) })
  })

  it('loses no hit when many requests of one client arrive at once', async () => {
    const store = databaseRateLimitStore(service.db, 't2:')
    store.init({ windowMs: 60_000 })
    await Promise.all(Array.from({ length: 40 }, () => store.increment('9.9.9.9')))
    expect((await store.get('9.9.9.9'))?.totalHits).toBe(40)
  })

  it("is the limit of two instances' /api together: the client's fourth request is refused by either", async () => {
    const config = { rateLimits: { api: 3, forms: 3 } } as Config
    const warnings: string[] = []
    const logger = { warn: (line: string) => void warnings.push(line) } as unknown as Pick<Logger, 'warn'>
    const instance = () => {
      const app = express()
      app.use('/api', rateLimits(config, logger, (prefix) => databaseRateLimitStore(service.db, `t3:${prefix}`)).api)
      app.get('/api/ping', (_req, res) => res.json({ ok: true }))
      return app.listen(0, '127.0.0.1')
    }
    const servers = [instance(), instance()]
    try {
      await Promise.all(servers.map((s) => new Promise((resolve) => s.once('listening', resolve))))
      const urls = servers.map((s) => `http://127.0.0.1:${(s.address() as { port: number }).port}/api/ping`)
      const statuses = []
      for (const url of [urls[0], urls[1], urls[0], urls[1]]) statuses.push((await fetch(url!)).status)
      expect(statuses).toEqual([200, 200, 200, 429])
      const refused = await fetch(urls[0]!)
      expect(refused.status).toBe(429)
      expect(await refused.json()).toMatchObject({ error: 'RATE_LIMITED' })
      // The operator reads why a client was refused.
      expect(warnings[0]).toMatch(
        /^Too many requests from 127\.0\.0\.1 to \/api\/ping: more than 3 a minute \(RATE_LIMIT_API\); refused for \d+ seconds\.$/,
      )
    } finally {
      for (const s of servers) s.close()
    }
  })
})
