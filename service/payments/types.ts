import type express from 'express'
import type { ServiceRouterOptions } from '../dispatch/http.js'
import type { LicensingService } from '../index.js'
import type { Job } from '../jobs/runner.js'
import type { PaymentsConfig } from './config.js'
import type { PaymentProvider } from './provider.js'

/** The payments adapter the service carries in `ctx.adapters.payments`; only `./index.ts` knows which provider. */
export interface PaymentsAdapter {
  provider: PaymentProvider
  config: PaymentsConfig
  log(line: string): void
  /** Why the provider itself failed a checkout before any webhook (a declined card); undefined when it did not. */
  checkoutFailure(checkoutId: string): Promise<string | undefined>
  /** Decides what the provider has due before a checkout's outcome is read (reviews whose time has come). */
  settleDue(): Promise<void>
  /** Time-driven work the provider does itself, run by the service's jobs. */
  jobs: Job[]
  /** The provider's own pages, mounted beside the payment endpoints. */
  routes?(service: LicensingService, options: ServiceRouterOptions): express.Router
  close(): void
}
