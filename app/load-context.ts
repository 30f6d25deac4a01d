import type { InProcessTransport } from './utils/licensing.server'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** Absent when the portal talks to a remote service. */
    licensing?: InProcessTransport
    /** The Content-Security-Policy nonce of this response. */
    cspNonce?: string
    /** Absent in tests. */
    log?: { error(details: { err: unknown }, message: string): void; warn(message: string): void }
  }
}

export {}
