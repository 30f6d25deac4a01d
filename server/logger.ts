// One JSON line per entry, with the request's id (X-Request-Id) while one is served; no cookie, credential or link
// token ever reaches it.
import { AsyncLocalStorage } from 'node:async_hooks'
import crypto from 'node:crypto'
import { createRequire } from 'node:module'
import type express from 'express'
import { pino, type Logger } from 'pino'
import { pinoHttp } from 'pino-http'

const requests = new AsyncLocalStorage<string>()

/** Header and body fields that hold secrets; their values are replaced in every line. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-paddle-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.secret',
  '*.credential',
  '*.token',
]

function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty')
    return true
  } catch {
    return false
  }
}

export function createLogger(options: { level: string; pretty: boolean }): Logger {
  return pino({
    level: options.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Lines logged while a request is served carry its id (the access log line has it already, as a binding).
    mixin: (_object, _level, logger) => {
      const reqId = requests.getStore()
      return reqId && !('reqId' in logger.bindings()) ? { reqId } : {}
    },
    ...(options.pretty && prettyInstalled()
      ? {
          transport: {
            target: 'pino-pretty',
            options: { ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss', singleLine: true },
          },
        }
      : {}),
  })
}

// Paths whose last segment is a credential (an emailed sign-in, activation or confirmation link).
const TOKEN_PATH = /^\/(manage|activate|confirmEmail)\/[^/]+/

/** The request's path as logged: without its query (OAuth codes, states) and with link tokens replaced. */
export function loggedPath(url: string): string {
  const pathname = url.split('?')[0] ?? '/'
  return pathname.replace(TOKEN_PATH, '/$1/[redacted]')
}

/** A warning is a refusal the operator may have to act on; a 404 or a 501 (a SCIM client's /Bulk, refused by
 * design) is information. */
export function accessLogLevel(
  status: number,
  failed: boolean,
  quietAsset = false,
): 'error' | 'warn' | 'info' | 'silent' {
  if (failed || (status >= 500 && status !== NOT_IMPLEMENTED)) return 'error'
  if (quietAsset && status < 400) return 'silent'
  return status === 403 || status === 413 || status === 421 || status === 429 ? 'warn' : 'info'
}

const NOT_IMPLEMENTED = 501
const REQUEST_ID = /^[\w.:-]{1,100}$/

/** The build's scripts and styles and the public folder's icons, which every page load asks for. */
export const isStaticAsset = (path: string) => /^\/(build\/|favicon\.)/.test(path)

/** A proxy's X-Request-Id is kept when it is plain; `quietAsset` paths are logged only when they fail. */
export function requestLogging(
  logger: Logger,
  quiet: (path: string) => boolean,
  quietAsset: (path: string) => boolean = () => false,
): express.RequestHandler[] {
  const http = pinoHttp({
    logger,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id']
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID()
      res.setHeader('X-Request-Id', id)
      return id
    },
    // The id is on every line through the logger's mixin; pino-http's own `req.id` would repeat it.
    quietReqLogger: true,
    autoLogging: { ignore: (req) => quiet(loggedPath(req.url ?? '/')) },
    customLogLevel: (req, res, err) =>
      // originalUrl: a mounted static handler has cut its mount path (`/build`) off `url` by now.
      accessLogLevel(res.statusCode, Boolean(err), quietAsset(loggedPath((req as express.Request).originalUrl ?? '/'))),
    serializers: {
      // The client's address as the trusted proxies report it (TRUST_PROXY), which the rate limits key on too.
      req: (req: { method: string; url: string; raw: express.Request }) => ({
        method: req.method,
        path: loggedPath(req.url),
        client: req.raw.ip,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      // pino-http makes up an error (with a stack) for every 5xx; a 501 is no failure of ours.
      err: (err: Error) =>
        err.message === `failed with status code ${NOT_IMPLEMENTED}` ? undefined : pino.stdSerializers.err(err),
    },
  })
  return [
    http,
    (req, _res, next) => {
      requests.run(String(req.id), next)
    },
  ]
}
