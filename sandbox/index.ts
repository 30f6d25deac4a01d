// The sandbox payment provider as the service's payments adapter. The service loads this module only when no Paddle
// account is configured, so a production start on Paddle never loads it; it delivers its webhooks in process and
// keeps everything in the shared store (docs/decisions/0010).
import type { ServiceConfig } from '../service/config.js'
import type { DB } from '../service/db/database.js'
import type { PaymentsConfig } from '../config/payments.js'
import type { PaymentsAdapter, ServiceContext } from '../service/dispatch/context.js'
import { handleWebhookAlert } from '../service/payments/webhooks.js'
import { failureReason } from './checkout.js'
import { readOrCreateSandboxKeys } from './keys.js'
import { SandboxProvider } from './provider.js'
import { chargeDueSubscriptions } from './renewals.js'
import { sandboxRouter } from './router.js'

export async function createSandboxPayments(deps: {
  config: ServiceConfig
  payments: Extract<PaymentsConfig, { provider: 'sandbox' }>
  db: DB
  now: () => number
  log: (line: string) => void
  context: () => ServiceContext
}): Promise<PaymentsAdapter> {
  const { payments: config } = deps
  const sandbox = new SandboxProvider({
    db: deps.db,
    now: deps.now,
    log: deps.log,
    keys: await readOrCreateSandboxKeys(deps.db, deps.now()),
    secret: deps.config.secret,
    deliver: async (alert) => {
      await handleWebhookAlert(alert, deps.context())
    },
    ...(config.reviewDelayMs !== undefined ? { reviewDelayMs: config.reviewDelayMs } : {}),
  })
  if (deps.config.production)
    deps.log('payments: the SANDBOX provider is active (PAYMENTS_SANDBOX=1): no real payments.')
  return {
    provider: sandbox,
    config,
    log: deps.log,
    checkoutFailure: async (checkoutId) => {
      const checkout = await sandbox.findCheckout(checkoutId)
      return checkout?.state === 'failed' || checkout?.state === 'rejected' ? failureReason(checkout) : undefined
    },
    settleDue: () => sandbox.processDueReviews(),
    jobs: [{ name: 'sandbox-charges', run: (asOf) => chargeDueSubscriptions(sandbox, deps.db, asOf) }],
    routes: (service, options) => sandboxRouter(service, sandbox, options),
    close: () => sandbox.close(),
  }
}
