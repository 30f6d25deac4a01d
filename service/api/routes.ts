/**
 * Every route of the REST API v1, as data: its method and path, the scope it needs, the zod schemas of its request and
 * answer, and what it does. The router mounts this list and the OpenAPI document is generated from it, so a route
 * cannot be served undocumented or documented unserved.
 */
import type { z } from 'zod'
import {
  ActivityPage,
  ActivityQuery,
  AssignBody,
  CompanyList,
  CompanyParams,
  ApiLicense,
  LicenseListQuery,
  LicensePage,
  LicenseParams,
  SeatUsage,
  SubscriptionList,
  UnassignBody,
} from '../../protocol/api-v1.js'
import { apiActor } from '../../protocol/access-tokens.js'
import { quoted } from '../../protocol/text.js'
import type { AccessTokenRecord } from '../auth/access-tokens.js'
import type { DB } from '../db/database.js'
import type { ServiceContext } from '../dispatch/context.js'
import { ServiceError } from '../dispatch/errors.js'
import { applyAssignmentChange } from '../operations/company.js'
import { companyActivity, companySubscriptions, seatUsage } from './company-reads.js'
import { findLicense, listLicenses, toApiLicense } from './licenses.js'
import { ApiProblem } from './problems.js'

/** What a route's work is handed: the token, the service's context for this request, the parsed request. */
export type ApiCall<P, Q, B> = { token: AccessTokenRecord; ctx: ServiceContext; params: P; query: Q; body: B }

export type ApiRoute = {
  method: 'get' | 'post'
  /** OpenAPI's form: `/companies/{companyId}/licenses`. */
  path: string
  operationId: string
  summary: string
  description: string
  /** `assign` routes change something: they take an Idempotency-Key and need a token with the assign scope. */
  scope: 'read' | 'assign'
  params?: z.ZodTypeAny
  query?: z.ZodTypeAny
  body?: z.ZodTypeAny
  response: z.ZodTypeAny
  /** The refusals it may answer besides 400, 401 and 429. */
  refusals: readonly number[]
  handle(call: ApiCall<never, never, never>): Promise<unknown>
}

function route<P extends z.ZodTypeAny, Q extends z.ZodTypeAny, B extends z.ZodTypeAny, R extends z.ZodTypeAny>(
  definition: Omit<ApiRoute, 'handle' | 'params' | 'query' | 'body' | 'response'> & {
    params?: P
    query?: Q
    body?: B
    response: R
    handle(call: ApiCall<z.infer<P>, z.infer<Q>, z.infer<B>>): Promise<z.input<R>>
  },
): ApiRoute {
  return definition as unknown as ApiRoute
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
  return toApiLicense(await licenseOf(ctx.db, params.companyId, params.licenseId), ctx.now())
}

export const apiRoutes: readonly ApiRoute[] = [
  route({
    method: 'get',
    path: '/companies',
    operationId: 'listCompanies',
    summary: 'The companies this token reaches',
    description: "A company token's own company; a personal token reaches none (it reads `/me/licenses`).",
    scope: 'read',
    response: CompanyList,
    refusals: [],
    async handle({ ctx, token }) {
      if (!token.companyId) return { data: [] }
      return { data: [await reachableCompany(ctx.db, token, token.companyId)] }
    },
  }),
  route({
    method: 'get',
    path: '/companies/{companyId}/licenses',
    operationId: 'listLicenses',
    summary: "The company's licenses",
    description:
      "In the portal's order, its subscriptions' seats included. Filter by product, holder and state; follow " +
      '`nextCursor` for the next page (a page never repeats or skips a license while assignments change).',
    scope: 'read',
    params: CompanyParams,
    query: LicenseListQuery,
    response: LicensePage,
    refusals: [404],
    async handle({ ctx, token, params, query }) {
      await reachableCompany(ctx.db, token, params.companyId)
      return listLicenses(ctx.db, { companyId: params.companyId }, query, ctx.now())
    },
  }),
  route({
    method: 'get',
    path: '/companies/{companyId}/licenses/{licenseId}',
    operationId: 'getLicense',
    summary: 'One license of the company',
    description: 'Read it before a change: its `holder` is the `expectedHolder` of an assign or unassign.',
    scope: 'read',
    params: LicenseParams,
    response: ApiLicense,
    refusals: [404],
    async handle({ ctx, token, params }) {
      await reachableCompany(ctx.db, token, params.companyId)
      return toApiLicense(await licenseOf(ctx.db, params.companyId, params.licenseId), ctx.now())
    },
  }),
  route({
    method: 'post',
    path: '/companies/{companyId}/licenses/{licenseId}/assign',
    operationId: 'assignLicense',
    summary: 'Assign a license to a person',
    description:
      'Made only if the license still has `expectedHolder` ("" when you saw it free); otherwise 409 and nothing ' +
      'changes. Written in the activity log as "API (token name)".',
    scope: 'assign',
    params: LicenseParams,
    body: AssignBody,
    response: ApiLicense,
    refusals: [403, 404, 409, 422],
    handle: (call) => changeHolder(call, call.body.email, call.body.expectedHolder, call.body.notify),
  }),
  route({
    method: 'post',
    path: '/companies/{companyId}/licenses/{licenseId}/unassign',
    operationId: 'unassignLicense',
    summary: 'Free a license',
    description: 'Made only if `expectedHolder` still holds it; otherwise 409 and nothing changes.',
    scope: 'assign',
    params: LicenseParams,
    body: UnassignBody,
    response: ApiLicense,
    refusals: [403, 404, 409, 422],
    handle: (call) => changeHolder(call, '', call.body.expectedHolder, false),
  }),
  route({
    method: 'get',
    path: '/companies/{companyId}/subscriptions',
    operationId: 'listSubscriptions',
    summary: "The company's subscriptions",
    description: 'Each with its seats (licenses, assigned, unassigned) and its next payment.',
    scope: 'read',
    params: CompanyParams,
    response: SubscriptionList,
    refusals: [404],
    async handle({ ctx, token, params }) {
      await reachableCompany(ctx.db, token, params.companyId)
      return { data: await companySubscriptions(ctx.db, params.companyId, ctx.now()) }
    },
  }),
  route({
    method: 'get',
    path: '/companies/{companyId}/seats',
    operationId: 'getSeatUsage',
    summary: 'Seat usage per product',
    description: 'Licenses, assigned, and unassigned (free and not expired) per product, and in total.',
    scope: 'read',
    params: CompanyParams,
    response: SeatUsage,
    refusals: [404],
    async handle({ ctx, token, params }) {
      await reachableCompany(ctx.db, token, params.companyId)
      return seatUsage(ctx.db, params.companyId, ctx.now())
    },
  }),
  route({
    method: 'get',
    path: '/companies/{companyId}/activity',
    operationId: 'listActivity',
    summary: "The company's activity log",
    description: 'Newest first, filtered by kind and person; follow `nextCursor` for older entries.',
    scope: 'read',
    params: CompanyParams,
    query: ActivityQuery,
    response: ActivityPage,
    refusals: [404],
    async handle({ ctx, token, params, query }) {
      await reachableCompany(ctx.db, token, params.companyId)
      return companyActivity(ctx.db, params.companyId, query)
    },
  }),
  route({
    method: 'get',
    path: '/me/licenses',
    operationId: 'listMyLicenses',
    summary: "The account's own licenses",
    description:
      'For a personal token: the licenses the account owns and those assigned to it, in the same order and pages.',
    scope: 'read',
    query: LicenseListQuery,
    response: LicensePage,
    refusals: [404],
    async handle({ ctx, token, query }) {
      if (!token.account)
        throw new ApiProblem(404, 'NOT_FOUND', 'A company token has no account: use a personal token.')
      return listLicenses(ctx.db, { account: token.account }, query, ctx.now())
    },
  }),
]
