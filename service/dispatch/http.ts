import express from 'express'
import type { ErrorBody, ErrorCode } from '../../protocol/shared/errors.js'
import { identityRouter } from '../identity/router.js'
import { listOutbox } from '../mail/mailer.js'
import type { ServiceRouterOptions } from './context.js'
import type { LicensingService } from '../index.js'
import { offlineKeyRouter } from '../offline-keys/index.js'
import { paymentsRouter } from '../payments/router.js'
import { outboxPage } from './outbox-page.js'
import { bodyTooLargeMessage, PROTOCOL_BODY_LIMIT } from './body-limits.js'
import { scimRouter } from '../directory/scim-router.js'
import { apiRouter } from '../api/router.js'
import { unexpectedError } from '../../protocol/shared/errors.js'

const bearer = (header: string | undefined) => (header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined)

/** The licensing protocol, and the development outbox. */
export function serviceRouter(service: LicensingService, options: ServiceRouterOptions = {}): express.Router {
  const router = express.Router()
  router.use(offlineKeyRouter(service))

  router.post('/api/licensing', express.text({ type: () => true, limit: PROTOCOL_BODY_LIMIT }), async (req, res) => {
    const response = await service.callText(
      typeof req.body === 'string' ? req.body : '',
      bearer(req.get('authorization')),
      req.get('idempotency-key'),
    )
    res.status(response.status).type('application/json').send(JSON.stringify(response.body))
  })

  router.use(apiRouter(service))
  router.use(identityRouter(service))
  router.use(scimRouter(service))
  router.use(paymentsRouter(service, options))

  // Everything under /api answers in the protocol's shape, a failure included: an unknown address, and a body the
  // parser refused before any operation saw it (too large, a declared encoding or charset it cannot read, cut short).
  router.all('/api/*', (_req, res) => {
    sendProtocolError(res, 404, 'UNKNOWN_OPERATION', 'There is no licensing endpoint at this address.')
  })
  router.use('/api', apiErrorHandler(service))

  if (service.config.devTools) {
    router.get('/dev/outbox', async (_req, res) => {
      const mails = await listOutbox(service.db, 100)
      res.type('html').send(outboxPage(mails))
    })
  }
  return router
}

const bodyRefusals = new Map<string, { status: number; message: string }>([
  ['parameters.too.many', { status: 413, message: 'The request has too many fields.' }],
  ['encoding.unsupported', { status: 415, message: 'The request body uses a content encoding that is not supported.' }],
  ['charset.unsupported', { status: 415, message: 'The request body uses a character set that is not supported.' }],
  ['entity.parse.failed', { status: 400, message: 'The request body could not be read.' }],
  ['entity.verify.failed', { status: 400, message: 'The request body could not be read.' }],
  ['request.aborted', { status: 400, message: 'The request body was cut short.' }],
  ['request.size.invalid', { status: 400, message: 'The request body does not have the length it declares.' }],
  ['stream.encoding.set', { status: 400, message: 'The request body could not be read.' }],
])

function sendProtocolError(res: express.Response, status: number, error: ErrorCode, message: string) {
  const body: ErrorBody = { error, message }
  res.status(status).type('application/json').send(JSON.stringify(body))
}

/** The protocol's `{ error, message }` with the fitting status, never a stack. */
const apiErrorHandler =
  (service: LicensingService): express.ErrorRequestHandler =>
  (err: unknown, _req, res, next) => {
    if (res.headersSent) return next(err)
    const type = typeof err === 'object' && err !== null && 'type' in err ? String(err.type) : ''
    if (type === 'entity.too.large') {
      const limit = 'limit' in (err as object) ? Number((err as { limit: unknown }).limit) : PROTOCOL_BODY_LIMIT
      return sendProtocolError(res, 413, 'MALFORMED_REQUEST', bodyTooLargeMessage(limit))
    }
    const refusal = bodyRefusals.get(type)
    if (refusal) return sendProtocolError(res, refusal.status, 'MALFORMED_REQUEST', refusal.message)
    // A body failure of another kind still carries a 4xx status; anything else is the server's own fault.
    const status = typeof err === 'object' && err !== null && 'status' in err ? Number(err.status) : 500
    if (status >= 400 && status < 500)
      return sendProtocolError(res, status, 'MALFORMED_REQUEST', 'The request could not be read.')
    service.logError(err, 'a licensing endpoint failed before its operation ran')
    sendProtocolError(res, 500, 'UNEXPECTED', unexpectedError)
  }
