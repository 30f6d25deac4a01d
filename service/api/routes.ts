// What each endpoint of `protocol/api/api-v1-endpoints.ts` does; no route is served that the OpenAPI document lacks.
import type { z } from 'zod/mini'
import type { LicenseParams } from '../../protocol/api/api-v1.js'
import { apiV1Endpoints, type ApiEndpoint, type ApiOperationId } from '../../protocol/api/api-v1-endpoints.js'
import { apiActor } from '../../protocol/shared/access-tokens.js'
import { quoted } from '../../protocol/shared/text.js'
import type { AccessTokenRecord } from '../auth/access-tokens.js'
import type { DB } from '../db/database.js'
import type { ServiceContext } from '../dispatch/context.js'
import { ServiceError } from '../dispatch/errors.js'
import { applyAssignmentChange } from '../operations/company.js'
import { companyActivity, companySubscriptions, seatUsage } from './company-reads.js'
import { findLicense, listLicenses, toApiLicense } from './licenses.js'
import { ApiProblem } from './problems.js'

/** What a route's work is handed: the token, whether its answers carry keys, the service's context, the request. */
export type ApiCall<P, Q, B> = {
  token: AccessTokenRecord
  keys: boolean
  ctx: ServiceContext
  params: P
  query: Q
  body: B
}

export type ApiRoute = ApiEndpoint & { handle(call: ApiCall<never, never, never>): Promise<unknown> }

type Handlers = {
  [K in ApiOperationId]: (
    call: ApiCall<
      z.infer<NonNullable<(typeof apiV1Endpoints)[K]['params']>>,
      z.infer<NonNullable<(typeof apiV1Endpoints)[K]['query']>>,
      z.infer<NonNullable<(typeof apiV1Endpoints)[K]['body']>>
    >,
  ) => Promise<z.input<(typeof apiV1Endpoints)[K]['response']>>
}

const noSuchCompany = () =>
  new ApiProblem(404, 'NOT_FOUND', 'There is no company with this id that this token reaches.')

/** Another company's id, or one a personal token names, is not found: the API does not say whether it exists. */
async function reachableCompany(db: DB, token: AccessTokenRecord, companyId: string) {
  if (token.companyId !== companyId) throw noSuchCompany()
  const company = await db.selectFrom('companies').select(['id', 'name']).where('id', '=', companyId).executeTakeFirst()
  if (!company) throw noSuchCompany()
  return company
}

async function licenseOf(db: DB, companyId: string, licenseId: string) {
  const row = await findLicense(db, { companyId }, licenseId)
  if (!row) throw new ApiProblem(404, 'NOT_FOUND', `License ${licenseId} was not found in this company.`)
  return row
}

/** Through the portal's own change (compare-and-set, directory seats, the queue, the log), with the token's check. */
async function changeHolder(
  call: ApiCall<z.infer<typeof LicenseParams>, unknown, unknown>,
  to: string,
  expectedHolder: string,
  notify: boolean,
) {
  const { ctx, token, params } = call
  await reachableCompany(ctx.db, token, params.companyId)
  const row = await licenseOf(ctx.db, params.companyId, params.licenseId)
  await applyAssignmentChange(
    ctx,
    {
      licenses: [{ id: row.id, owner: row.owner, assignedTo: to, assignedToBefore: expectedHolder }],
      sendEmail: notify,
    },
    {
      log: apiActor(token.name),
      mail: `The API token ${quoted(token.name)}`,
      async mayAssign(_trx, companyIds) {
        if (companyIds.some((id) => id !== token.companyId)) throw new ServiceError('FORBIDDEN')
      },
    },
  )
  return toApiLicense(await licenseOf(ctx.db, params.companyId, params.licenseId), ctx.now(), call.keys)
}

const handlers: Handlers = {
  async listCompanies({ ctx, token }) {
    if (!token.companyId) return { data: [] }
    return { data: [await reachableCompany(ctx.db, token, token.companyId)] }
  },
  async listLicenses({ ctx, token, keys, params, query }) {
    await reachableCompany(ctx.db, token, params.companyId)
    return listLicenses(ctx.db, { companyId: params.companyId }, query, { now: ctx.now(), keys })
  },
  async getLicense({ ctx, token, keys, params }) {
    await reachableCompany(ctx.db, token, params.companyId)
    return toApiLicense(await licenseOf(ctx.db, params.companyId, params.licenseId), ctx.now(), keys)
  },
  assignLicense: (call) => changeHolder(call, call.body.email, call.body.expectedHolder, call.body.notify),
  unassignLicense: (call) => changeHolder(call, '', call.body.expectedHolder, false),
  async listSubscriptions({ ctx, token, params }) {
    await reachableCompany(ctx.db, token, params.companyId)
    return { data: await companySubscriptions(ctx.db, params.companyId, ctx.now()) }
  },
  async getSeatUsage({ ctx, token, params }) {
    await reachableCompany(ctx.db, token, params.companyId)
    return seatUsage(ctx.db, params.companyId, ctx.now())
  },
  async listActivity({ ctx, token, params, query }) {
    await reachableCompany(ctx.db, token, params.companyId)
    return companyActivity(ctx.db, params.companyId, query)
  },
  async listMyLicenses({ ctx, token, keys, query }) {
    if (!token.account) throw new ApiProblem(404, 'NOT_FOUND', 'A company token has no account: use a personal token.')
    return listLicenses(ctx.db, { account: token.account }, query, { now: ctx.now(), keys })
  },
}

export const apiRoutes: readonly ApiRoute[] = Object.values(apiV1Endpoints).map(
  (endpoint) =>
    ({
      ...endpoint,
      handle: handlers[endpoint.operationId as ApiOperationId],
    }) as unknown as ApiRoute,
)
