// Purges the portal's expired sessions and OAuth requests (refused anyway) so the store does not grow; a server job.
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
