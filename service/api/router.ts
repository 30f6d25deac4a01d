// The REST API v1 at `/api/v1/`: docs/decisions/0012-rest-api-v1-and-openapi.md.
import express from 'express'
import type { z } from 'zod/mini'
import { API_V1_BASE, IdempotencyKeyHeader } from '../../protocol/api/api-v1.js'
import type { ErrorBody } from '../../protocol/shared/errors.js'
import { apiTokenScopeMeanings, missingScope, seesKeys } from '../../protocol/api-tokens/api-tokens.js'
import { AccessTokenRefused, authenticateAccessToken, type AccessTokenRecord } from '../auth/access-tokens.js'
import { carriesBearer, tokenLimits } from '../auth/token-limits.js'
import { bodyTooLargeMessage, PROTOCOL_BODY_LIMIT } from '../dispatch/body-limits.js'
import { ServiceError } from '../dispatch/errors.js'
import { oncePerKey } from '../dispatch/idempotency.js'
import { requestOrigin } from '../dispatch/origin.js'
import type { LicensingService } from '../index.js'
import { ApiProblem, invalidRequest, problemOf, problemOfServiceError, sendProblem } from './problems.js'
import { apiRoutes, type ApiRoute } from './routes.js'
import { apiV1Document, licensingDocument, LICENSING_OPENAPI_PATH } from './openapi.js'

type Api = { token: AccessTokenRecord; secret: string; service: LicensingService }
const apiOf = (res: express.Response) => res.locals.api as Api

/** `/companies/{companyId}` → `/companies/:companyId`. */
export const expressPath = (path: string) => API_V1_BASE + path.replace(/\{(\w+)\}/g, ':$1')

/** RFC 6750 §3.1: an error code only when a bearer token was sent; no credentials (or another scheme) get none. */
const unauthorized = (detail: string, sentBearer: boolean) =>
  new ApiProblem(401, 'NOT_AUTHENTICATED', detail, {
    headers: {
      'WWW-Authenticate': `Bearer realm="License Portal API"${sentBearer ? ', error="invalid_token"' : ''}`,
    },
  })

const tooMany = (detail: string, seconds: number) =>
  new ApiProblem(429, 'RATE_LIMITED', `${detail}; try again in ${seconds} seconds.`, {
    headers: { 'Retry-After': String(seconds) },
  })

export function apiRouter(service: LicensingService) {
  const router = express.Router()
  const limits = tokenLimits(service.db, 'api:', 'per-token', () => service.config.apiTokenRateLimit)
  const refuse = (req: express.Request, res: express.Response, problem: ApiProblem) =>
    sendProblem(res, service.forOrigin(requestOrigin(req)).config.publicUrl, problem)

  // The documents need no token: generated once per origin, from the schemas the routes validate with.
  const documents = new Map<string, string>()
  const serveDocument = (path: string, make: (publicUrl: string) => unknown) =>
    router.get(path, (req, res) => {
      const publicUrl = service.forOrigin(requestOrigin(req)).config.publicUrl
      const key = `${path} ${publicUrl}`
      if (!documents.has(key)) documents.set(key, JSON.stringify(make(publicUrl)))
      res.set('Cache-Control', 'public, max-age=300').type('application/json').send(documents.get(key))
    })
  serveDocument(`${API_V1_BASE}/openapi.json`, apiV1Document)
  serveDocument(LICENSING_OPENAPI_PATH, licensingDocument)

  router.use(API_V1_BASE, async (req, res, next) => {
    const local = service.forOrigin(requestOrigin(req))
    const secret = /^Bearer\s+(\S+)$/i.exec((req.get('authorization') ?? '').trim())?.[1]
    let token: AccessTokenRecord
    try {
      token = await authenticateAccessToken(service.db, secret, { kind: 'api', now: local.context().now() })
    } catch (error) {
      if (!(error instanceof AccessTokenRefused)) return next(error)
      const detail =
        error.reason === 'expired'
          ? 'This API token has expired: create another in Manage Licenses (API tokens).'
          : error.reason === 'revoked'
            ? 'This API token was revoked: create another in Manage Licenses (API tokens).'
            : 'A valid API token is required: Authorization: Bearer lp_api_…'
      const wait = await limits(req, res)
      if (wait) return refuse(req, res, tooMany('Too many requests without a valid token from this address', wait))
      return refuse(req, res, unauthorized(detail, carriesBearer(req)))
    }
    const wait = await limits(req, res, token.id)
    if (wait) {
      const limit = service.config.apiTokenRateLimit
      return refuse(req, res, tooMany(`This token made more than ${limit} requests this minute`, wait))
    }
    res.locals.api = { token, secret: secret!, service: local } satisfies Api
    next()
  })
  router.use(API_V1_BASE, express.json({ limit: PROTOCOL_BODY_LIMIT, strict: true }))

  for (const definition of apiRoutes) {
    router[definition.method](expressPath(definition.path), async (req, res, next) => {
      try {
        const answer = await serve(definition, req, apiOf(res))
        // Stripe's header: this answer is the first request's, the write was not made again.
        if (answer.replayed) res.set('Idempotent-Replayed', 'true')
        res.status(200).set('Cache-Control', 'no-store').type('application/json').send(JSON.stringify(answer.body))
      } catch (error) {
        const problem = problemOf(error)
        if (problem) return refuse(req, res, problem)
        next(error)
      }
    })
  }

  const known = new Map<string, Set<string>>()
  for (const r of apiRoutes) known.set(r.path, (known.get(r.path) ?? new Set()).add(r.method.toUpperCase()))
  router.all([API_V1_BASE, `${API_V1_BASE}/*`], (req, res) => {
    const path = [...known.keys()].find((p) =>
      new RegExp(`^${expressPath(p).replace(/:\w+/g, '[^/]+')}/?$`).test(req.path),
    )
    if (path) {
      const allowed = [...known.get(path)!].join(', ')
      return refuse(
        req,
        res,
        new ApiProblem(405, 'MALFORMED_REQUEST', `This address answers ${allowed} only.`, {
          headers: { Allow: allowed },
        }),
      )
    }
    refuse(req, res, new ApiProblem(404, 'NOT_FOUND', 'There is no API endpoint at this address; see /developers.'))
  })
  router.use(API_V1_BASE, ((error, req, res, next) => {
    if (res.headersSent) return next(error)
    const type = typeof error?.type === 'string' ? error.type : ''
    if (type === 'entity.too.large') {
      return refuse(req, res, new ApiProblem(413, 'MALFORMED_REQUEST', bodyTooLargeMessage(PROTOCOL_BODY_LIMIT)))
    }
    const status = typeof error?.status === 'number' ? error.status : 500
    if (status >= 400 && status < 500) {
      const detail =
        type === 'entity.parse.failed' ? 'The request body is not valid JSON.' : 'The request could not be read.'
      return refuse(req, res, new ApiProblem(status === 415 ? 415 : 400, 'MALFORMED_REQUEST', detail))
    }
    service.logError(error, 'a REST API request failed')
    refuse(req, res, new ApiProblem(500, 'UNEXPECTED', 'An unexpected error occurred.'))
  }) as express.ErrorRequestHandler)
  return router
}

function parsed(schema: z.ZodMiniType | undefined, value: unknown, where: 'body' | 'query' | 'path'): unknown {
  if (!schema) return undefined
  const result = schema.safeParse(value)
  if (!result.success) throw invalidRequest(result.error, where)
  return result.data
}

async function serve(
  definition: ApiRoute,
  req: express.Request,
  api: Api,
): Promise<{ body: unknown; replayed: boolean }> {
  const missing = missingScope(definition.scope, api.token.scopes)
  if (missing) {
    throw new ApiProblem(
      403,
      'FORBIDDEN',
      `This token lacks the ${missing} scope (${apiTokenScopeMeanings[missing].allows.replace(/\.$/, '')}): ` +
        'create a token with it in Manage Licenses (API tokens).',
      {
        headers: {
          'WWW-Authenticate': `Bearer realm="License Portal API", error="insufficient_scope", scope="${missing}"`,
        },
      },
    )
  }
  // RFC 9110 §15.5.16: a body in another format than JSON is refused as such, not as a body missing its fields.
  if (definition.body && req.is(['application/json', 'application/*+json']) === false) {
    throw new ApiProblem(415, 'MALFORMED_REQUEST', 'Send the body as JSON, with Content-Type: application/json.', {
      headers: { 'Accept-Post': 'application/json' },
    })
  }
  const params = parsed(definition.params, req.params, 'path')
  const query = parsed(definition.query, req.query, 'query')
  const body = parsed(definition.body, definition.body ? (req.body ?? {}) : undefined, 'body')
  const key = req.get('idempotency-key')
  // The service's operations know the token by this: it acts as its company's administrator, named "API (name)".
  const ctx = {
    ...api.service.context(api.secret, key),
    apiToken: {
      companyId: api.token.companyId,
      name: api.token.name,
      scopes: api.token.scopes,
      expiresAt: api.token.expiresAt,
    },
  }
  const call = { token: api.token, keys: seesKeys(api.token.scopes), ctx, params, query, body } as never
  if (definition.method === 'get' || key === undefined) return { body: await definition.handle(call), replayed: false }
  if (!IdempotencyKeyHeader.safeParse(key).success) {
    throw new ApiProblem(400, 'MALFORMED_REQUEST', 'The Idempotency-Key header must have 1 to 200 characters.')
  }
  // A secret answered once is kept nowhere: the operation itself refuses a repeat of the key.
  if (definition.secretAnswer) return { body: await definition.handle(call), replayed: false }
  // A write-only field (a client secret) is matched by its MAC under the service's key: its value is kept nowhere.
  const kept = (sent: unknown) =>
    definition.writeOnly && typeof sent === 'object' && sent !== null
      ? Object.fromEntries(
          Object.entries(sent).map(([name, value]) =>
            definition.writeOnly?.includes(name)
              ? [name, ctx.codec.mac(`api-write-only.${String(value)}`)]
              : [name, value],
          ),
        )
      : sent
  // One key per token (the token's secret is the key's scope), bound to the route and what it was sent.
  let ran = false
  const answer = await oncePerKey(
    ctx,
    { operation: 'changeAssignment', key, payload: { route: definition.operationId, params, body: kept(body) } },
    async () => {
      ran = true
      try {
        return { status: 200, body: await definition.handle(call) }
      } catch (error) {
        if (error instanceof ServiceError) return { status: 400, body: { error: error.code, message: error.message } }
        if (error instanceof ApiProblem) return { status: 400, body: error }
        throw error
      }
    },
  )
  if (answer.status === 200) return { body: answer.body, replayed: !ran }
  if (answer.body instanceof ApiProblem) throw answer.body
  const refusal = answer.body as ErrorBody
  throw problemOfServiceError({ code: refusal.error, message: refusal.message })
}
