import crypto from 'node:crypto'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import rateLimit from 'express-rate-limit'
import helmet from 'helmet'
import { serviceRouter } from './service/http.js'
import { createLicensingService, inProcessTransport } from './service/index.js'

// server.ts only wires: security headers, compression, static files, rate limits, the service's HTTP endpoints,
// the Remix handler, and the in-process transport in the load context.

const port = Number(process.env.PORT ?? 3000)
process.env.PUBLIC_URL ??= `http://localhost:${port}`

const service = await createLicensingService()
const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', process.env.TRUST_PROXY === '1')
app.use(compression())

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
  next()
})
// With Paddle configured, Paddle.js (loaded by the shop's script, so 'strict-dynamic' admits it) runs its checkout
// frame and overlay from Paddle's hosts; the sandbox provider's pages are our own ('self').
const paddle = service.adapters.payments?.provider.checkoutClient.provider === 'paddle'
const paddleHosts = paddle ? ['https://*.paddle.com'] : []
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
        // A form post may end in a redirect to the identity provider (social sign-in) or the payment provider's hosted
        // checkout (purchase without script); form-action also governs those redirects.
        formAction: ["'self'", 'https://github.com', 'https://accounts.google.com', ...paddleHosts],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // With `no-referrer` (helmet's default) Chromium sends `Origin: null` on form posts, which the same-origin check
    // below would refuse; this policy keeps the origin for our own posts and still hides paths from other sites.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }),
)

// Mutating requests from another site are refused (SameSite=Lax cookies already keep the session out of them; this
// also covers sign-in and the public forms). Browsers send Origin or Sec-Fetch-Site on every POST.
app.use((req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
  const origin = req.get('origin')
  const site = req.get('sec-fetch-site')
  const crossOrigin = origin ? origin !== `${req.protocol}://${req.get('host')}` : site === 'cross-site'
  if (crossOrigin && !req.path.startsWith('/api/')) {
    res.status(403).type('text').send('Cross-site form posts are not accepted.')
    return
  }
  next()
})

app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }))
app.use(express.static('public', { maxAge: '1h' }))

const limiter = (windowMs: number, limit: number) =>
  rateLimit({ windowMs, limit, standardHeaders: 'draft-7', legacyHeaders: false })
const apiLimiter = limiter(60_000, Number(process.env.RATE_LIMIT_API ?? 600))
const formLimiter = limiter(60_000, Number(process.env.RATE_LIMIT_FORMS ?? 60))
app.use('/api', apiLimiter)
// Sign-in, activation and checkout posts are the endpoints worth guessing at: a tighter limit.
app.use((req, res, next) => {
  const guarded = req.path === '/' || req.path.startsWith('/activate') || req.path.startsWith('/shop')
  if (req.method === 'POST' && guarded) return formLimiter(req, res, next)
  next()
})

app.use(serviceRouter(service))

// The load context holds the protocol call only, never the service itself (its configuration holds the secrets).
const licensing = inProcessTransport(service)
app.all(
  '*',
  createRequestHandler({
    build,
    // Errors are answered as in production whatever the build: never a stack or a file path in a page or in a data
    // answer, in development included (the server's log keeps the details).
    mode: 'production',
    getLoadContext: (_req, res) => ({ licensing, cspNonce: res.locals.cspNonce as string }),
  }),
)

// Last resort for a failure outside the Remix handler (a body parser's refusal on a non-API form, say): a short page
// with the status, never Express's default page with its stack.
app.use(((err, _req, res, next) => {
  if (res.headersSent) return next(err)
  const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500
  if (status === 500) console.error(err)
  res
    .status(status)
    .type('text')
    .send(status === 500 ? 'An unexpected error occurred.' : 'The request could not be read. Please try again.')
}) as express.ErrorRequestHandler)

const server = app.listen(port, () => {
  console.log(`License Portal listening on http://localhost:${port}`)
})

const shutdown = () => {
  server.close(() => {
    void service.close().then(() => process.exit(0))
  })
  setTimeout(() => process.exit(0), 5000).unref()
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
