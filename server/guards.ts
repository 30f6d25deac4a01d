// What every request passes before the portal sees it: the address check, same-origin posts, the rate limits.
import type express from 'express'
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit'
import type { Logger } from 'pino'
import type { Config } from '../config/config.js'
import { isApiV1Path } from '../protocol/api/api-v1.js'
import type { ErrorBody } from '../protocol/shared/errors.js'
import { carriesBearer } from '../service/auth/token-limits.js'
import { ApiProblem, sendProblem } from '../service/api/problems.js'
import { oneLine } from '../protocol/shared/text.js'
import { loggedPath } from './logger.js'

/** The host a request was sent to: the proxy's X-Forwarded-Host when a proxy is trusted, else Host. */
function requestHost(req: express.Request): string {
  const forwarded = req.app.get('trust proxy fn')(req.socket.remoteAddress ?? '', 0)
    ? req.get('x-forwarded-host')?.split(',')[0]?.trim()
    : undefined
  return forwarded || req.get('host') || ''
}

/** Production answers on PUBLIC_URL's host only (its links, cookies and OAuth callbacks are made for it); health
 * checks on any, as a load balancer calls the instance directly. */
export function publicAddressOnly(config: Config, logger: Logger): express.RequestHandler {
  const publicUrl = config.publicUrl
  if (!config.production || !publicUrl) return (_req, _res, next) => next()
  const expected = new URL(publicUrl).host
  const warned = new Set<string>()
  return (req, res, next) => {
    const host = requestHost(req)
    if (host === expected || req.path === '/healthz' || req.path === '/readyz') return next()
    if (!warned.has(host) && warned.size < 100) {
      warned.add(host)
      logger.warn(
        `A request came to ${host} while PUBLIC_URL is ${publicUrl}: set PUBLIC_URL to the address people open ` +
          '(behind a proxy, pass the Host header on, or set TRUST_PROXY so X-Forwarded-Host is read).',
      )
    }
    res
      .status(421)
      .type('text')
      .send(`This portal is served at ${publicUrl}, not at ${req.protocol}://${host}. Please open ${publicUrl}.`)
  }
}

/** Posts from another site are refused (SameSite=Lax leaves sign-in and the public forms open); the own origin is
 * PUBLIC_URL's, so a TLS-terminating proxy needs no further setting. */
export function sameOriginPosts(config: Config, logger: Pick<Logger, 'warn'>): express.RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
    const origin = req.get('origin')
    const site = req.get('sec-fetch-site')
    const own = config.publicUrl ?? `${req.protocol}://${req.get('host')}`
    const crossOrigin = origin ? origin !== own : site === 'cross-site'
    if (crossOrigin && !req.path.startsWith('/api/')) {
      // Far more often a proxy or PUBLIC_URL that does not match the address people open than an attack.
      logger.warn(
        `A form post to ${loggedPath(req.originalUrl)} was refused: it came from ${
          origin ? `the origin "${oneLine(origin, 200)}"` : 'another site (Sec-Fetch-Site: cross-site)'
        }, not from the portal's own ${own}. If people open the portal at that address, set PUBLIC_URL to it ` +
          '(behind a proxy, also TRUST_PROXY).',
      )
      res.status(403).type('text').send('Cross-site form posts are not accepted.')
      return
    }
    next()
  }
}

/** Per-client limits per minute; IPv6 grouped by /56, so rotating through a prefix escapes nothing. A REST API
 * request with a bearer token counts against its token (token-limits.ts): a shared proxy locks no one's token out. */
export function rateLimits(
  config: Config,
  logger: Pick<Logger, 'warn'>,
  sharedStore?: (prefix: string) => Store,
): { api: express.RequestHandler; forms: express.RequestHandler } {
  const limiter = (limit: number, api: boolean) =>
    rateLimit({
      // Several instances on one database count a client's requests together; one instance counts in memory.
      ...(sharedStore ? { store: sharedStore(api ? 'api:' : 'forms:') } : {}),
      windowMs: 60_000,
      limit,
      standardHeaders: 'draft-8',
      identifier: 'per-address',
      legacyHeaders: false,
      skip: (req) => api && isApiV1Path(req.originalUrl.split('?')[0] ?? '') && carriesBearer(req),
      keyGenerator: (req) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '', 56),
      handler: (req, res, _next, options) => {
        const reset = (req as express.Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime
        const seconds = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : options.windowMs / 1000
        logger.warn(
          `Too many requests from ${req.ip ?? 'a client'} to ${loggedPath(req.originalUrl)}: more than ${limit} a minute ` +
            `(${api ? 'RATE_LIMIT_API' : 'RATE_LIMIT_FORMS'}); refused for ${seconds} seconds.`,
        )
        res.set('Retry-After', String(seconds)).status(options.statusCode)
        const message = `Too many requests; please try again in ${seconds} seconds.`
        if (api && isApiV1Path(req.originalUrl.split('?')[0] ?? '')) {
          const publicUrl = config.publicUrl ?? `${req.protocol}://${req.get('host')}`
          sendProblem(res, publicUrl, new ApiProblem(429, 'RATE_LIMITED', message))
        } else if (api) res.json({ error: 'RATE_LIMITED', message } satisfies ErrorBody)
        else res.type('text').send(message)
      },
    })
  return { api: limiter(config.rateLimits.api, true), forms: limiter(config.rateLimits.forms, false) }
}
