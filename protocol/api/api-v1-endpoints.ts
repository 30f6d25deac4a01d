// The REST API v1's endpoints as data, mounted by the service; OpenAPI and /developers are generated from them.
import { endpoint } from './api-endpoint.js'
import { accessEndpoints } from './api-v1-access-endpoints.js'
import { billingEndpoints } from './api-v1-billing-endpoints.js'
import { companyEndpoints } from './api-v1-company-endpoints.js'
import { directoryEndpoints } from './api-v1-directory-endpoints.js'
import { identityEndpoints } from './api-v1-identity-endpoints.js'
import { seatEndpoints } from './api-v1-seat-endpoints.js'
import {
  ActivityPage,
  ActivityQuery,
  ApiLicense,
  AssignBody,
  CompanyList,
  CompanyParams,
  LicenseListQuery,
  LicensePage,
  LicenseParams,
  SeatUsage,
  SubscriptionList,
  UnassignBody,
} from './api-v1.js'

export type { ApiEndpoint } from './api-endpoint.js'

export const apiV1Endpoints = {
  listCompanies: endpoint({
    method: 'get',
    path: '/companies',
    operationId: 'listCompanies',
    summary: 'The companies this token reaches',
    description: "A company token's own company; a personal token reaches none (it reads `/me/licenses`).",
    scope: 'read',
    response: CompanyList,
    refusals: [],
    example: {},
  }),
  listLicenses: endpoint({
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
    example: { query: '?product=wallaby&state=unassigned&limit=2' },
  }),
  getLicense: endpoint({
    method: 'get',
    path: '/companies/{companyId}/licenses/{licenseId}',
    operationId: 'getLicense',
    summary: 'One license of the company',
    description: 'Read it before a change: its `holder` is the `expectedHolder` of an assign or unassign.',
    scope: 'read',
    params: LicenseParams,
    response: ApiLicense,
    refusals: [404],
    example: {},
  }),
  assignLicense: endpoint({
    method: 'post',
    path: '/companies/{companyId}/licenses/{licenseId}/assign',
    operationId: 'assignLicense',
    summary: 'Assign a license to a person',
    description:
      'Made only if the license still has `expectedHolder` ("" when you saw it free); otherwise 409 and nothing ' +
      'changes. Written in the activity log as "API (token name)".',
    scope: 'seats',
    params: LicenseParams,
    body: AssignBody,
    response: ApiLicense,
    refusals: [403, 404, 409, 422],
    example: { body: { email: 'ada@example.com', expectedHolder: '', notify: true } },
  }),
  unassignLicense: endpoint({
    method: 'post',
    path: '/companies/{companyId}/licenses/{licenseId}/unassign',
    operationId: 'unassignLicense',
    summary: 'Free a license',
    description: 'Made only if `expectedHolder` still holds it; otherwise 409 and nothing changes.',
    scope: 'seats',
    params: LicenseParams,
    body: UnassignBody,
    response: ApiLicense,
    refusals: [403, 404, 409, 422],
    example: { body: { expectedHolder: 'ada@example.com' } },
  }),
  listSubscriptions: endpoint({
    method: 'get',
    path: '/companies/{companyId}/subscriptions',
    operationId: 'listSubscriptions',
    summary: "The company's subscriptions",
    description: 'Each with its seats (licenses, assigned, unassigned) and its next payment.',
    scope: 'read',
    params: CompanyParams,
    response: SubscriptionList,
    refusals: [404],
    example: {},
  }),
  getSeatUsage: endpoint({
    method: 'get',
    path: '/companies/{companyId}/seats',
    operationId: 'getSeatUsage',
    summary: 'Seat usage per product',
    description: 'Licenses, assigned, and unassigned (free and not expired) per product, and in total.',
    scope: 'read',
    params: CompanyParams,
    response: SeatUsage,
    refusals: [404],
    example: {},
  }),
  listActivity: endpoint({
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
    example: { query: '?kind=assignment&limit=20' },
  }),
  listMyLicenses: endpoint({
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
    example: { query: '?state=expiring' },
  }),
  ...seatEndpoints,
  ...companyEndpoints,
  ...identityEndpoints,
  ...billingEndpoints,
  ...accessEndpoints,
  ...directoryEndpoints,
}

export type ApiOperationId = keyof typeof apiV1Endpoints
