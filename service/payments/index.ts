// The payments adapter: Paddle Classic when configured, otherwise the local sandbox (the one module that names it).
// The sandbox delivers its webhooks in process and keeps everything in the shared store (docs/decisions/0010).
import type { ServiceConfig } from '../config.js'
import type { PaymentsAdapter, ServiceContext } from '../dispatch/context.js'
import { applyPaddleIds } from '../../config/catalog/index.js'
import type { DB } from '../db/database.js'
import { loadPaymentsConfig } from '../../config/payments.js'
import { PaddleProvider } from './paddle.js'
import { failureReason } from './sandbox/checkout.js'
import { readOrCreateSandboxKeys } from './sandbox/keys.js'
import { SandboxProvider } from './sandbox/provider.js'
import { chargeDueSubscriptions } from './sandbox/renewals.js'
import { sandboxRouter } from './sandbox/router.js'
import { handleWebhookAlert } from './webhooks.js'

export async function createPayments(deps: {
  config: ServiceConfig
  db: DB
  now: () => number
  log: (line: string) => void
  /** Available once the service is wired. */
  context: () => ServiceContext
}): Promise<PaymentsAdapter> {
  const config = loadPaymentsConfig(deps.config.env, deps.config.production)
  if (config.provider === 'paddle') {
    const provider = new PaddleProvider(config)
    applyPaddleIds(provider.environment, deps.config.paddleIds)
    if (!config.publicKey) deps.log('payments: PADDLE_PUBLIC_KEY is not set; Paddle webhooks will be refused.')
    return {
      provider,
      config,
      log: deps.log,
      checkoutFailure: async () => undefined,
      settleDue: async () => {},
      jobs: [],
      close: () => {},
    }
  }
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
