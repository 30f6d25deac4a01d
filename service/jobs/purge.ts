// Purges expired or ended service sessions, link tokens past 24 hours and stale OAuth requests; nothing still valid.
import type { DB } from '../db/database.js'
import { STATE_RETENTION_MS } from '../identity/adapter.js'
import { LINK_VALIDITY_MS } from '../auth/tokens.js'
import type { Job } from './runner.js'

export function purgeJob(db: DB): Job {
  return {
    name: 'purge-expired',
    async run(asOf) {
      const sessions = await db
        .deleteFrom('service_sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', asOf), eb('revoked_at', 'is not', null)]))
        .executeTakeFirst()
      const tokens = await db
        .deleteFrom('tokens')
        .where('issued_at', '<', asOf - LINK_VALIDITY_MS)
        .executeTakeFirst()
      const oauthStates = await db
        .deleteFrom('oauth_states')
        .where('created_at', '<', asOf - STATE_RETENTION_MS)
        .executeTakeFirst()
      return {
        sessions: Number(sessions.numDeletedRows),
        tokens: Number(tokens.numDeletedRows),
        oauthStates: Number(oauthStates.numDeletedRows),
      }
    },
  }
}
