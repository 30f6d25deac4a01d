import type express from 'express'
import type { ServiceRouterOptions } from '../dispatch/http.js'
import type { LicensingService } from '../index.js'
import type { Job } from '../jobs/runner.js'
import type { PaymentsConfig } from './config.js'
import type { PaymentProvider } from './provider.js'

/** Only `./index.ts` knows which provider. */
export interface PaymentsAdapter {
  provider: PaymentProvider
  config: PaymentsConfig
  log(line: string): void
  /** A declined card, before any webhook; undefined when it did not. */
  checkoutFailure(checkoutId: string): Promise<string | undefined>
  /** Reviews whose time has come, before a checkout's outcome is read. */
  settleDue(): Promise<void>
  /** Run by the service's jobs. */
  jobs: Job[]
  /** Mounted beside the payment endpoints. */
  routes?(service: LicensingService, options: ServiceRouterOptions): express.Router
  close(): void
}
