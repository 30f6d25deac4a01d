/** The payments adapter the service carries in `ctx.adapters.payments` (see `./index.ts`). */
import type { PaymentsConfig } from './config.js'
import type { PaymentProvider } from './provider.js'
import type { SandboxProvider } from './sandbox/provider.js'

export interface PaymentsAdapter {
  provider: PaymentProvider
  /** Present when the local sandbox is the provider: its pages and review queue. */
  sandbox?: SandboxProvider
  config: PaymentsConfig
  log(line: string): void
  /** Stops the sandbox's review timers. */
  close(): void
}
