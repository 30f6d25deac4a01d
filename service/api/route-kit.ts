// What every REST API route is handed and reaches for: the call, the token's company, a license, a service operation.
import type { z } from 'zod/mini'
import { apiV1Endpoints, type ApiOperationId } from '../../protocol/api/api-v1-endpoints.js'
import { operations, type OperationName, type Result } from '../../protocol/operations.js'
import type { AccessTokenRecord } from '../auth/access-tokens.js'
import type { DB } from '../db/database.js'
import type { ServiceContext } from '../dispatch/context.js'
import { operationHandlers, type OperationHandler } from '../operations/index.js'
import { findLicense } from './licenses.js'
import { ApiProblem, invalidRequest } from './problems.js'

/** What a route's work is handed: the token, whether its answers carry keys, the service's context, the request. */
export type ApiCall<P, Q, B> = {
  token: AccessTokenRecord
  keys: boolean
  ctx: ServiceContext
  params: P
  query: Q
  body: B
}

type Endpoints = typeof apiV1Endpoints

/** The work of each of the named endpoints, typed by its declared params, query, body and answer. */
export type Handlers<K extends ApiOperationId> = {
  [O in K]: (
    call: ApiCall<
      z.infer<NonNullable<Endpoints[O]['params']>>,
      z.infer<NonNullable<Endpoints[O]['query']>>,
      z.infer<NonNullable<Endpoints[O]['body']>>
    >,
  ) => Promise<z.input<Endpoints[O]['response']>>
}

const noSuchCompany = () =>
  new ApiProblem(404, 'NOT_FOUND', 'There is no company with this id that this token reaches.')

/** Another company's id, or one a personal token names, is not found: the API does not say whether it exists. */
export async function reachableCompany(db: DB, token: AccessTokenRecord, companyId: string) {
  if (token.companyId !== companyId) throw noSuchCompany()
  const company = await db.selectFrom('companies').select(['id', 'name']).where('id', '=', companyId).executeTakeFirst()
  if (!company) throw noSuchCompany()
  return company
}

export async function licenseOf(db: DB, companyId: string, licenseId: string) {
  const row = await findLicense(db, { companyId }, licenseId)
  if (!row) throw new ApiProblem(404, 'NOT_FOUND', `License ${licenseId} was not found in this company.`)
  return row
}

/**
 * The service operation the /manage form calls, with the same payload schema, rules, refusals and log entry; the
 * token acts as its company's administrator there (`requireCaller`).
 */
export async function runOperation<O extends OperationName>(
  call: ApiCall<{ companyId: string }, unknown, unknown>,
  name: O,
  payload: z.input<(typeof operations)[O]['payload']>,
): Promise<Result<O>> {
  await reachableCompany(call.ctx.db, call.token, call.params.companyId)
  const parsed = operations[name].payload.safeParse(payload)
  if (!parsed.success) throw invalidRequest(parsed.error, 'body')
  const handler = operationHandlers[name] as OperationHandler<O>
  return handler(parsed.data as never, call.ctx)
}
