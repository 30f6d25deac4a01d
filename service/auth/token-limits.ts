// Request limits per access token (REST API, SCIM): each token its own budget, so one client's burst never locks out
// another company's; requests whose credential is refused count against their address instead. Counted in the store,
// so instances on one database count together; the headers as the per-address limit's (the RateLimit draft).
import type express from 'express'
import { ipKeyGenerator } from 'express-rate-limit'
import type { DB } from '../db/database.js'
import { databaseRateLimitStore } from './rate-limits.js'

export const LIMIT_WINDOW_MS = 60_000

/** `undefined` within the limit, else the seconds until the window ends (Retry-After). */
export type CountRequest = (
  req: express.Request,
  res: express.Response,
  tokenId?: string,
) => Promise<number | undefined>

/** `policy` names the per-token budget in the headers (`"per-token"`); a refused credential is counted per address. */
export function tokenLimits(db: DB, prefix: string, policy: string, limit: () => number): CountRequest {
  const store = databaseRateLimitStore(db, prefix)
  store.init({ windowMs: LIMIT_WINDOW_MS })
  return async (req, res, tokenId) => {
    const key = tokenId ? `token:${tokenId}` : `address:${ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '', 56)}`
    const name = tokenId ? policy : 'per-address'
    const most = limit()
    const counted = await store.increment(key)
    const ends = counted.resetTime?.getTime() ?? Date.now() + LIMIT_WINDOW_MS
    const reset = Math.max(1, Math.ceil((ends - Date.now()) / 1000))
    res.append('RateLimit-Policy', `"${name}"; q=${most}; w=${LIMIT_WINDOW_MS / 1000}`)
    res.append('RateLimit', `"${name}"; r=${Math.max(0, most - counted.totalHits)}; t=${reset}`)
    return counted.totalHits > most ? reset : undefined
  }
}

/** A request carries a bearer credential: its token's limit applies, not the address's (server.ts). */
export const carriesBearer = (req: express.Request) => /^Bearer\s+\S+$/i.test((req.get('authorization') ?? '').trim())
