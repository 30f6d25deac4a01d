/**
 * Purges the portal's own expired records: sessions past their 24 hours and OAuth requests past their 10 minutes.
 * Each is refused once expired anyway; this keeps the store from growing. Run by the server's jobs (as the
 * `purge-portal` job), which is why it takes the time to purge as of.
 */
import { OAUTH_REQUEST_MAX_AGE_MS } from './oauth-state.server'
import { portalDb } from './portal-store.server'

export async function purgeExpiredPortalRecords(asOf: number): Promise<{ sessions: number; oauthRequests: number }> {
  const db = await portalDb()
  const sessions = await db.deleteFrom('portal_sessions').where('expires', '<', asOf).executeTakeFirst()
  const oauthRequests = await db
    .deleteFrom('portal_oauth_requests')
    .where('created_at', '<', asOf - OAUTH_REQUEST_MAX_AGE_MS)
    .executeTakeFirst()
  return { sessions: Number(sessions.numDeletedRows), oauthRequests: Number(oauthRequests.numDeletedRows) }
}
