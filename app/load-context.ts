import type { InProcessTransport } from './utils/licensing.server'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The embedded licensing service (absent when the portal talks to a remote one). */
    licensing?: InProcessTransport
    /** The Content-Security-Policy nonce of this response. */
    cspNonce?: string
    /** The server's log, for errors the portal cannot answer itself and refusals it makes (absent in tests). */
    log?: { error(details: { err: unknown }, message: string): void; warn(message: string): void }
  }
}

export {}
