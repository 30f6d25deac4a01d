// What each endpoint of `protocol/api/api-v1-endpoints.ts` does; no route is served that the OpenAPI document lacks.
import type { z } from 'zod/mini'
import type { LicenseParams } from '../../protocol/api/api-v1.js'
import { apiV1Endpoints, type ApiEndpoint, type ApiOperationId } from '../../protocol/api/api-v1-endpoints.js'
import { companyActivity, companySubscriptions, seatUsage } from './company-reads.js'
import { listLicenses, toApiLicense } from './licenses.js'
import { ApiProblem } from './problems.js'
import { licenseOf, reachableCompany, type ApiCall, type Handlers } from './route-kit.js'
import { accessHandlers } from './routes/access.js'
import { billingHandlers } from './routes/billing.js'
import { companyHandlers } from './routes/company.js'
import { directoryHandlers } from './routes/directory.js'
import { identityHandlers } from './routes/identity.js'
import { changeHolders, seatHandlers } from './routes/seats.js'

export type ApiRoute = ApiEndpoint & { handle(call: ApiCall<never, never, never>): Promise<unknown> }

type CoreOperation =
  | 'listCompanies'
  | 'listLicenses'
  | 'getLicense'
  | 'assignLicense'
  | 'unassignLicense'
  | 'listSubscriptions'
  | 'getSeatUsage'
  | 'listActivity'
  | 'listMyLicenses'

const changeOne = async (
  call: ApiCall<z.infer<typeof LicenseParams>, unknown, unknown>,
  holder: string,
  expectedHolder: string,
  notify: boolean,
) => (await changeHolders(call, [{ licenseId: call.params.licenseId, holder, expectedHolder }], notify))[0]

const coreHandlers: Handlers<CoreOperation> = {
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
  assignLicense: (call) => changeOne(call, call.body.email, call.body.expectedHolder, call.body.notify),
  unassignLicense: (call) => changeOne(call, '', call.body.expectedHolder, false),
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

const handlers: Handlers<ApiOperationId> = {
  ...coreHandlers,
  ...seatHandlers,
  ...companyHandlers,
  ...identityHandlers,
  ...billingHandlers,
  ...accessHandlers,
  ...directoryHandlers,
}

export const apiRoutes: readonly ApiRoute[] = Object.values(apiV1Endpoints).map(
  (endpoint) =>
    ({
      ...endpoint,
      handle: handlers[endpoint.operationId as ApiOperationId],
    }) as unknown as ApiRoute,
)
