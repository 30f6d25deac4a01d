// Each company's SCIM 2.0 service provider at `/scim/v2/` (RFC 7644); a token reaches its company only.
import express from 'express'
import { identityProviderActor } from '../../protocol/shared/access-tokens.js'
import { quoted } from '../../protocol/shared/text.js'
import { SCIM_BASE_PATH } from '../../protocol/directory/directory.js'
import { AccessTokenRefused, authenticateAccessToken, type AccessTokenRecord } from '../auth/access-tokens.js'
import type { LicensingService } from '../index.js'
import { requestOrigin } from '../dispatch/origin.js'
import { changeDirectory, type DirectoryActor } from './changes.js'
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  patchGroup,
  replaceGroup,
  wantsMembers,
} from './scim-groups.js'
import { ScimError, SCIM_CONTENT_TYPE, errorBody, etag, listResponse, project } from './scim-protocol.js'
import { resourceTypeDocuments, schemaDocuments, serviceProviderConfig } from './scim-schemas.js'
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser } from './scim-users.js'
import { tokenLimits } from '../auth/token-limits.js'
import { bodyTooLargeMessage, PROTOCOL_BODY_LIMIT } from '../dispatch/body-limits.js'
import { unexpectedError } from '../../protocol/shared/errors.js'

/** A group PATCH naming thousands of members fits. */
export const SCIM_BODY_LIMIT = PROTOCOL_BODY_LIMIT

type Scim = { token: AccessTokenRecord; companyId: string; base: string; service: LicensingService }

const scimOf = (res: express.Response) => res.locals.scim as Scim

function send(res: express.Response, status: number, body?: unknown, version?: number) {
  if (version !== undefined) res.set('ETag', etag(version))
  if (body === undefined) return res.status(status).end()
  res.status(status).type(SCIM_CONTENT_TYPE).send(JSON.stringify(body))
}

function refuse(res: express.Response, error: ScimError, headers: Record<string, string> = {}) {
  res.set(headers)
  send(res, error.status, errorBody(error))
}

const tooMany = (res: express.Response, seconds: number, who: string) =>
  refuse(res, new ScimError(429, `Too many requests ${who}; try again in ${seconds} seconds.`), {
    'Retry-After': String(seconds),
  })

export function scimRouter(service: LicensingService): express.Router {
  const router = express.Router()
  const base = SCIM_BASE_PATH.slice(0, -1)

  const limits = tokenLimits(service.db, 'scim:', 'per-token', () => service.config.scimTokenRateLimit)
  router.use(base, async (req, res, next) => {
    const header = req.get('authorization') ?? ''
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
    const local = service.forOrigin(requestOrigin(req))
    try {
      const token = await authenticateAccessToken(service.db, match?.[1], { kind: 'scim', now: local.context().now() })
      if (!token.companyId) throw new AccessTokenRefused('unknown')
      const wait = await limits(req, res, token.id)
      if (wait) return tooMany(res, wait, 'for this SCIM token this minute')
      res.locals.scim = {
        token,
        companyId: token.companyId,
        base: `${local.config.publicUrl}${SCIM_BASE_PATH}`,
        service: local,
      } satisfies Scim
      next()
    } catch (error) {
      if (!(error instanceof AccessTokenRefused)) return next(error)
      const wait = await limits(req, res)
      if (wait) return tooMany(res, wait, 'without a valid SCIM token from this address')
      // RFC 6750 §3.1: an error code only when a bearer token was sent.
      const challenge = `Bearer realm="License Portal SCIM"${match ? ', error="invalid_token"' : ''}`
      refuse(res, new ScimError(401, 'A valid SCIM token is required: Authorization: Bearer lp_scim_…'), {
        'WWW-Authenticate': challenge,
      })
    }
  })
  router.use(
    base,
    express.json({
      limit: SCIM_BODY_LIMIT,
      type: ['application/scim+json', 'application/json', 'application/*+json'],
      strict: true,
    }),
  )

  const read = (handler: (scim: Scim, req: express.Request, res: express.Response) => Promise<void>) =>
    (async (req, res, next) => {
      try {
        await handler(scimOf(res), req, res)
      } catch (error) {
        next(error)
      }
    }) as express.RequestHandler

  const write = <T>(work: Parameters<typeof changeDirectory<T>>[3], scim: Scim) => {
    const name = identityProviderActor(scim.token.name)
    // In a mail the token's name (the company administrator's words) is quoted on one line, like any text from outside.
    const actor: DirectoryActor = { log: name, mail: `Your company's identity provider ${quoted(scim.token.name)}` }
    return changeDirectory(scim.service.context(), scim.companyId, actor, work)
  }
  const actorOf = (scim: Scim) => identityProviderActor(scim.token.name)

  router.get(
    `${base}/ServiceProviderConfig`,
    read(async (s, _req, res) => {
      send(res, 200, serviceProviderConfig(s.base, `${s.service.config.publicUrl}/help/`))
    }),
  )
  router.get(
    `${base}/ResourceTypes`,
    read(async (s, _req, res) => {
      const all = resourceTypeDocuments(s.base)
      send(res, 200, listResponse(all, all.length, 1))
    }),
  )
  router.get(
    `${base}/ResourceTypes/:id`,
    read(async (s, req, res) => {
      const found = resourceTypeDocuments(s.base).find((r) => r.id === req.params.id)
      if (!found) throw new ScimError(404, 'There is no such resource type.')
      send(res, 200, found)
    }),
  )
  router.get(
    `${base}/Schemas`,
    read(async (s, _req, res) => {
      const all = schemaDocuments(s.base)
      send(res, 200, listResponse(all, all.length, 1))
    }),
  )
  router.get(
    `${base}/Schemas/:id`,
    read(async (s, req, res) => {
      const found = schemaDocuments(s.base).find((r) => r.id === req.params.id)
      if (!found) throw new ScimError(404, 'There is no such schema.')
      send(res, 200, found)
    }),
  )

  const query = (req: express.Request) => req.query as Record<string, unknown>
  const projectList = (list: { Resources: readonly unknown[] }, q: Record<string, unknown>) => ({
    ...list,
    Resources: list.Resources.map((r) => project(r as Record<string, unknown>, q)),
  })

  // Users
  router.get(
    `${base}/Users`,
    read(async (s, req, res) => {
      const q = query(req)
      send(res, 200, projectList(await listUsers(s.service.db, s.companyId, q, s.base), q))
    }),
  )
  router.post(
    `${base}/Users`,
    read(async (s, req, res) => {
      const user = await write((scope) => createUser(scope, actorOf(s), req.body, s.base), s)
      res.set('Location', (user.resource.meta as { location: string }).location)
      send(res, 201, user.resource, user.version)
    }),
  )
  router.get(
    `${base}/Users/:id`,
    read(async (s, req, res) => {
      const user = await getUser(s.service.db, s.companyId, req.params.id, s.base)
      send(res, 200, project(user.resource, query(req)), user.version)
    }),
  )
  router.put(
    `${base}/Users/:id`,
    read(async (s, req, res) => {
      const user = await write(
        (scope) => replaceUser(scope, actorOf(s), req.params.id, req.body, req.get('if-match'), s.base),
        s,
      )
      send(res, 200, user.resource, user.version)
    }),
  )
  router.patch(
    `${base}/Users/:id`,
    read(async (s, req, res) => {
      const user = await write(
        (scope) => patchUser(scope, actorOf(s), req.params.id, req.body, req.get('if-match'), s.base),
        s,
      )
      send(res, 200, project(user.resource, query(req)), user.version)
    }),
  )
  router.delete(
    `${base}/Users/:id`,
    read(async (s, req, res) => {
      await write((scope) => deleteUser(scope, actorOf(s), req.params.id, req.get('if-match')), s)
      send(res, 204)
    }),
  )

  // Groups
  router.get(
    `${base}/Groups`,
    read(async (s, req, res) => {
      const q = query(req)
      send(res, 200, projectList(await listGroups(s.service.db, s.companyId, q, s.base), q))
    }),
  )
  router.post(
    `${base}/Groups`,
    read(async (s, req, res) => {
      const group = await write((scope) => createGroup(scope, actorOf(s), req.body, s.base), s)
      res.set('Location', group.resource.meta.location)
      send(res, 201, group.resource, group.version)
    }),
  )
  router.get(
    `${base}/Groups/:id`,
    read(async (s, req, res) => {
      const q = query(req)
      const group = await getGroup(s.service.db, s.companyId, req.params.id, s.base, wantsMembers(q))
      send(res, 200, project(group.resource, q), group.version)
    }),
  )
  router.put(
    `${base}/Groups/:id`,
    read(async (s, req, res) => {
      const group = await write(
        (scope) => replaceGroup(scope, actorOf(s), req.params.id, req.body, req.get('if-match'), s.base),
        s,
      )
      send(res, 200, group.resource, group.version)
    }),
  )
  router.patch(
    `${base}/Groups/:id`,
    read(async (s, req, res) => {
      const version = await write(
        (scope) => patchGroup(scope, actorOf(s), req.params.id, req.body, req.get('if-match')),
        s,
      )
      // Entra ID and Okta read nothing back from a group PATCH; the members of a large group are not worth sending.
      send(res, 204, undefined, version)
    }),
  )
  router.delete(
    `${base}/Groups/:id`,
    read(async (s, req, res) => {
      await write((scope) => deleteGroup(scope, actorOf(s), req.params.id, req.get('if-match')), s)
      send(res, 204)
    }),
  )

  router.all(`${base}/Bulk`, (_req, res) => refuse(res, new ScimError(501, 'Bulk operations are not supported.')))
  router.all(`${base}/*`, (_req, res) => refuse(res, new ScimError(404, 'There is no SCIM endpoint at this address.')))
  router.use(base, scimErrors(service))
  return router
}

/** Anything but body parser and SCIM refusals is logged, never shown. */
function scimErrors(service: LicensingService): express.ErrorRequestHandler {
  return (err: unknown, _req, res, next) => {
    if (res.headersSent) return next(err)
    if (err instanceof ScimError) return refuse(res, err)
    const type = typeof err === 'object' && err !== null && 'type' in err ? String(err.type) : ''
    if (type === 'entity.too.large') return refuse(res, new ScimError(413, bodyTooLargeMessage(SCIM_BODY_LIMIT)))
    if (type === 'entity.parse.failed') return refuse(res, new ScimError(400, 'The body is not JSON.', 'invalidSyntax'))
    const status = typeof err === 'object' && err !== null && 'status' in err ? Number(err.status) : 500
    if (status >= 400 && status < 500)
      return refuse(res, new ScimError(400, 'The request could not be read.', 'invalidSyntax'))
    service.logError(err, 'a SCIM request failed')
    refuse(res, new ScimError(500, unexpectedError))
  }
}
