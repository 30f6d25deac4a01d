import crypto from 'node:crypto'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import dotenv from 'dotenv'
import express from 'express'
import helmet from 'helmet'
import { purgeExpiredPortalRecords } from './app/utils/portal-purge.server.js'
import { parseConfig } from './config/config.js'
import { serviceRouter } from './service/dispatch/http.js'
import { createLicensingService, inProcessTransport } from './service/index.js'
import { serverJobRunner } from './service/jobs/index.js'
import { databaseRateLimitStore } from './service/auth/rate-limits.js'
import { requestOrigin } from './service/dispatch/origin.js'
import { boundedBodies, bodyKindOf, refuseBody } from './server/bodies.js'
import { remixHandler } from './server/remix.js'
import { publicAddressOnly, rateLimits, sameOriginPosts } from './server/guards.js'
import { healthRouter } from './server/health.js'
import { createLogger, isStaticAsset, loggedPath, requestLogging } from './server/logger.js'
import { oneLine } from './protocol/shared/text.js'
import { exitOnProblems, exitOnStartFailure, handleShutdown } from './server/lifecycle.js'

// A `.env` file beside the app, when there is one; variables already set in the environment win.
dotenv.config({ quiet: true })
const parsed = parseConfig(process.env)
if (!parsed.ok) exitOnProblems(parsed.problems)
const config = parsed.config

const logger = createLogger({ level: config.logLevel, pretty: !config.production })
// Production refuses these; development starts, and says what it ignored.
for (const warning of parsed.warnings) logger.warn(warning)
// A forgotten promise is a bug to fix, not a reason to stop serving everyone else.
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'))

const service = await createLicensingService({
  log: (line) => logger.info(line),
  warn: (line) => logger.warn(line),
  logError: (err, message) => logger.error({ err }, message),
  retryMail: true,
  demo: () => import('./demo/seed.js'),
}).catch((err: unknown) => exitOnStartFailure(err, logger))
const mailProblem = service.mailProblem()
if (mailProblem && config.mail.verify === 'fail') {
  await service.close()
  exitOnProblems([
    `SMTP_URL: the SMTP server does not accept the connection (${mailProblem}); fix SMTP_URL, or set SMTP_VERIFY=warn to start anyway.`,
  ])
}
if (mailProblem)
  logger.warn(
    `MAIL IS NOT BEING DELIVERED: the SMTP server does not answer (${mailProblem}); mail stays in the outbox and is retried.`,
  )
if (config.production && !config.mail.smtpUrl)
  logger.warn('MAIL_OUTBOX_ONLY=1: mail is kept in the outbox and not delivered.')
if (config.production && process.env.ALLOW_GENERATED_SECRETS === '1')
  logger.warn(
    `ALLOW_GENERATED_SECRETS=1: secrets are generated into ${config.dataDir}; do not use this for a real deployment.`,
  )

const build = (await import(pathToFileURL(path.resolve('build/index.js')).href).catch(async (err: unknown) => {
  await service.close()
  return exitOnStartFailure(
    err,
    logger,
    'The Remix build (build/index.js) cannot be loaded; run `npm run build` first.',
  )
})) as ServerBuild
// The signed-in user's credential, for the service's pages that are for some users only (the sandbox's review).
const portalEntry = build.entry.module as { sessionCredential?: (cookie?: string) => Promise<string | undefined> }
const sessionCredential = async (req: express.Request) => portalEntry.sessionCredential?.(req.get('cookie'))

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', config.trustProxy)
// The development console shows pages and calls, not the scripts and styles each page load asks for.
app.use(
  requestLogging(logger, (p) => p === '/healthz' || p === '/readyz', config.production ? undefined : isStaticAsset),
)

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
  next()
})
// Paddle.js (admitted by 'strict-dynamic') runs its checkout frame and overlay from Paddle's hosts.
const paddle = service.adapters.payments?.provider.checkoutClient.provider === 'paddle'
const paddleHosts = paddle ? ['https://*.paddle.com'] : []
// The security headers go on every answer: health checks, the wrong-address page and refusals included.
app.use(
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'strict-dynamic'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://www.gravatar.com', ...paddleHosts],
        connectSrc: ["'self'", ...paddleHosts],
        frameSrc: ["'self'", ...paddleHosts],
        // form-action also governs a post's redirect to the identity provider or the hosted checkout.
        formAction: ["'self'", 'https://github.com', 'https://accounts.google.com', ...paddleHosts],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // With `no-referrer` Chromium sends `Origin: null` on form posts, which the same-origin check would refuse.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }),
)
app.use(healthRouter(service, build))
app.use(publicAddressOnly(config, logger))
// A body over its route's limit is refused before anything reads it.
const publicUrlOf = (req: express.Request) => service.forOrigin(requestOrigin(req)).config.publicUrl
app.use(boundedBodies(publicUrlOf))
app.use(compression())

app.use(sameOriginPosts(config, logger))

// Browsers and tools that do not read the page's icon link ask for /favicon.ico: the portal's icon, not a 404.
app.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'))
app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }))
// The portal's stylesheet, its hash in its name (scripts/build-styles.ts).
app.use('/styles', express.static('public/styles', { immutable: true, maxAge: '1y' }))
app.use(express.static('public', { maxAge: '1h' }))

// With DATABASE_URL the instances share the database, and so their request counts.
const limits = rateLimits(
  config,
  logger,
  config.databaseUrl ? (prefix) => databaseRateLimitStore(service.db, prefix) : undefined,
)
app.use('/api', limits.api)
// Sign-in, activation and checkout posts are the endpoints worth guessing at: a tighter limit.
app.use((req, res, next) => {
  const guarded = req.path === '/' || req.path.startsWith('/activate') || req.path.startsWith('/shop')
  if (req.method === 'POST' && guarded) return limits.forms(req, res, next)
  next()
})

app.use(serviceRouter(service, { sessionCredential }))

app.all(
  '*',
  remixHandler({
    build,
    // The load context holds the protocol call only, never the service itself (its configuration holds the secrets).
    getLoadContext: (req, res) => ({
      licensing: inProcessTransport(service.forOrigin(requestOrigin(req))),
      cspNonce: res.locals.cspNonce as string,
      log: logger,
    }),
  }),
)

// Last resort outside the Remix handler: a short page with the status, never Express's default page with its stack.
app.use(((err, req, res, next) => {
  if (res.headersSent) return next(err)
  if (err?.type === 'entity.too.large') return refuseBody(req, res, bodyKindOf(req), publicUrlOf(req))
  const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500
  if (status === 500) logger.error({ err, url: req.path }, 'request failed outside the portal')
  else
    logger.warn(
      `A request to ${loggedPath(req.originalUrl)} was refused (${status}): ${oneLine(String(err?.message), 200)}`,
    )
  res
    .status(status)
    .type('text')
    .send(status === 500 ? 'An unexpected error occurred.' : 'The request could not be read. Please try again.')
}) as express.ErrorRequestHandler)

const server = app.listen(config.port, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  logger.info({ port }, `License Portal listening on ${config.publicUrl ?? `http://localhost:${port}`} (port ${port})`)
})
// Expect: 100-continue gets "go on" only for a body within its route's limit (server/bodies.ts).
server.on('checkContinue', app)
// A port another process holds (or one below 1024 without the right) is a start problem like any other.
server.on('error', (err: NodeJS.ErrnoException) => {
  const problem =
    err.code === 'EADDRINUSE'
      ? `PORT: port ${config.port} is in use by another process; stop it, or choose another PORT.`
      : err.code === 'EACCES'
        ? `PORT: this process may not listen on port ${config.port}; choose a PORT above 1023, or run it behind a proxy.`
        : undefined
  void service.close().finally(() => exitOnStartFailure(err, logger, problem))
})
// The time-driven jobs on every instance: each run is claimed in the store, so instances share the work.
const runner = serverJobRunner(service, {
  intervalMs: config.jobsIntervalMs,
  log: logger,
  extraJobs: [{ name: 'purge-portal', run: purgeExpiredPortalRecords }],
})
const jobs = runner?.start(runner.tickMs)
handleShutdown(server, service, logger, config.shutdownGraceMs, async () => jobs?.stop())
