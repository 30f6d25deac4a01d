// The payments adapter: Paddle Classic when configured, otherwise the local sandbox (the one module that names it).
import type { ServiceConfig } from '../config.js'
import type { PaymentsAdapter, ServiceContext } from '../dispatch/context.js'
import { applyPaddleIds } from '../../config/catalog/index.js'
import type { DB } from '../db/database.js'
import { loadPaymentsConfig } from '../../config/payments.js'
import { PaddleProvider } from './paddle.js'

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
  // The sandbox is a package of its own (sandbox/), loaded only when it is the provider.
  const { createSandboxPayments } = await import('../../sandbox/index.js')
  return createSandboxPayments({ ...deps, payments: config })
}
