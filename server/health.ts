// Health checks for a load balancer or supervisor, answered before anything else (no rate limit, no address check,
// not in the access log):
//   GET /healthz  200 while the process serves requests.
//   GET /readyz   200 when both stores answer, every migration is applied and the mail transport is verified;
//                 503 with the reasons otherwise.
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import type { LicensingService } from '../service/index.js'

export function healthRouter(service: LicensingService, build: ServerBuild): express.Router {
  const portalReadiness = (build.entry.module as { portalReadiness?: () => Promise<string[]> }).portalReadiness
  const router = express.Router()
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' })
  })
  router.get('/readyz', async (_req, res) => {
    const problems = [
      ...((await portalReadiness?.()) ?? ['the portal build has no readiness check']),
      ...(await service.readiness()),
    ]
    res
      .status(problems.length === 0 ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(problems.length === 0 ? { status: 'ready' } : { status: 'not ready', problems })
  })
  return router
}
