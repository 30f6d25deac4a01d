import crypto from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { removeDataDir } from './account-stub'

const { portalDb } = await import('#app/utils/portal-store.server')
const { purgeExpiredPortalRecords } = await import('#app/utils/portal-purge.server')
const { OAUTH_REQUEST_MAX_AGE_MS } = await import('#app/utils/oauth-state.server')

afterAll(removeDataDir)

describe("the purge of the portal's store", () => {
  it('removes expired sessions and OAuth requests past their 10 minutes, and nothing still valid', async () => {
    const db = await portalDb()
    const now = Date.now()
    const id = (name: string) => `${name}-${crypto.randomBytes(6).toString('hex')}`
    const sessions = { expired: id('expired'), valid: id('valid') }
    const requests = { stale: id('stale'), pending: id('pending') }
    await db
      .insertInto('portal_sessions')
      .values([
        { id: sessions.expired, data: '{}', expires: now - 1 },
        { id: sessions.valid, data: '{}', expires: now + 60_000 },
      ])
      .execute()
    await db
      .insertInto('portal_oauth_requests')
      .values([
        { id: requests.stale, provider: 'github', state: 's1', created_at: now - OAUTH_REQUEST_MAX_AGE_MS - 1 },
        { id: requests.pending, provider: 'github', state: 's2', created_at: now - 60_000 },
      ])
      .execute()

    const purged = await purgeExpiredPortalRecords(now)
    expect(purged.sessions).toBeGreaterThanOrEqual(1)
    expect(purged.oauthRequests).toBeGreaterThanOrEqual(1)
    const left = await db
      .selectFrom('portal_sessions')
      .select('id')
      .where('id', 'in', Object.values(sessions))
      .execute()
    expect(left.map((r) => r.id)).toEqual([sessions.valid])
    const pending = await db
      .selectFrom('portal_oauth_requests')
      .select('id')
      .where('id', 'in', Object.values(requests))
      .execute()
    expect(pending.map((r) => r.id)).toEqual([requests.pending])
  })
})
