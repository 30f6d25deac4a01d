import type { Server } from 'node:http'
import type { Logger } from 'pino'
import { StoreUnavailableError } from '../service/db/database.js'
import type { LicensingService } from '../service/index.js'

/** Prints what keeps the server from starting, one plain line per problem (no stack trace), and exits with 1. */
export function exitOnProblems(problems: string[]): never {
  const lines = [
    `License Portal cannot start: ${problems.length === 1 ? 'one problem' : `${problems.length} problems`}.`,
    ...problems.map((p) => `  - ${p}`),
    'Every variable is described in .env.example and docs/deployment.md.',
  ]
  process.stderr.write(lines.join('\n') + '\n')
  process.exit(1)
}

/** A start failure is one plain line naming what to fix, as a configuration problem is; the stack only at debug. */
export function exitOnStartFailure(err: unknown, logger: Logger, problem?: string): never {
  logger.debug({ err }, 'the start failed')
  const line =
    problem ??
    (err instanceof StoreUnavailableError
      ? err.message
      : `The licensing service could not start: ${err instanceof Error ? err.message : String(err)}`)
  exitOnProblems([line])
}

/** Past the grace period the remaining connections are cut and the exit code is 1, so a supervisor can tell a
 * forced stop from a clean one. */
export function handleShutdown(
  server: Server,
  service: LicensingService,
  logger: Logger,
  graceMs: number,
  /** Stops background work that uses the stores (the time-driven jobs) before they close. */
  beforeClose: () => Promise<void> = async () => {},
): void {
  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info(`${signal} received: finishing the requests in flight, then stopping`)
    server.close(() => {
      beforeClose()
        .then(() => service.close())
        .then(() => {
          logger.info('stopped')
          process.exit(0)
        })
        .catch((err: unknown) => {
          logger.error({ err }, 'closing the stores failed')
          process.exit(1)
        })
    })
    // Keep-alive connections with no request in flight would hold `close` open.
    server.closeIdleConnections()
    setTimeout(() => {
      logger.error(`requests still in flight after ${graceMs / 1000} s; stopping anyway`)
      server.closeAllConnections()
      process.exit(1)
    }, graceMs).unref()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}
