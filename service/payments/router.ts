// The payment endpoints: provider webhooks and the JSON wrappers of spec §7 "Other calls" (listed in
// docs/contributing.md), answering as the protocol does; and the provider's own pages, if it has any.
import express from 'express'
import type { OperationName } from '../../protocol/operations.js'
import { PROTOCOL_BODY_LIMIT } from '../dispatch/body-limits.js'
import type { ServiceRouterOptions } from '../dispatch/context.js'
import type { LicensingService } from '../index.js'
import { handleWebhookAlert, WebhookError } from './webhooks.js'
import { bareRecord } from '../../protocol/shared/own.js'
import { unexpectedError } from '../../protocol/shared/errors.js'

export function paymentsRouter(service: LicensingService, options: ServiceRouterOptions = {}): express.Router {
  const router = express.Router()
  const payments = service.adapters.payments

  router.post(
    '/api/paddle/webhook',
    express.urlencoded({ extended: false, limit: PROTOCOL_BODY_LIMIT, parameterLimit: 500 }),
    (req, res) => {
      const fields: Record<string, string> = bareRecord()
      for (const [key, value] of Object.entries((req.body ?? {}) as Record<string, unknown>)) {
        if (typeof value === 'string') fields[key] = value
      }
      handleWebhookAlert(fields, service.context()).then(
        (result) =>
          res
            .status(200)
            .type('text')
            .send(result.outcome === 'duplicate' ? 'Already processed' : 'OK'),
        (err) => {
          if (err instanceof WebhookError) {
            // Every refusal says why in the log: a signature that does not verify is most often the wrong
            // PADDLE_PUBLIC_KEY, not an attack.
            const hint = err.status === 403 ? ' (is PADDLE_PUBLIC_KEY the key of this Paddle account?)' : ''
            payments?.log(`payments: webhook refused (${err.status}): ${err.message}${hint}`)
            res.status(err.status).type('text').send(err.message)
            return
          }
          service.logError(err, 'payments: the webhook could not be processed')
          res.status(500).type('text').send('The webhook could not be processed.')
        },
      )
    },
  )

  const json = express.text({ type: () => true, limit: PROTOCOL_BODY_LIMIT })
  const endpoint =
    (operation: OperationName, payloadOf: (body: Record<string, unknown>, req: express.Request) => unknown) =>
    (req: express.Request, res: express.Response) => {
      let body: unknown
      try {
        body = JSON.parse(typeof req.body === 'string' && req.body ? req.body : '{}')
      } catch {
        res.status(500).json({ error: 'MALFORMED_REQUEST', message: 'The request body is not valid JSON.' })
        return
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        res.status(500).json({ error: 'MALFORMED_REQUEST', message: 'The request body must be a JSON object.' })
        return
      }
      service.call({ [operation]: payloadOf(body as Record<string, unknown>, req) }).then(
        (answer) =>
          answer.status === 200
            ? res.status(200).json(answer.body[operation])
            : res.status(answer.status).json(answer.body),
        (err) => {
          service.logError(err, 'payments: the provider operation failed')
          res.status(500).json({ error: 'UNEXPECTED', message: unexpectedError })
        },
      )
    }

  router.post(
    '/api/createSubscriptionOnCheckout',
    json,
    endpoint('createSubscriptionOnCheckout', (body) => body),
  )
  router.post(
    '/api/activeSubscriptionCheck',
    json,
    endpoint('activeSubscriptionCheck', (body) => body),
  )
  router.post(
    '/api/:product/coupon',
    json,
    endpoint('coupon', (body, req) => ({ ...body, product: req.params.product })),
  )

  if (payments?.routes) router.use(payments.routes(service, options))
  return router
}
