// The REST API v1's endpoints as data, mounted by the service; OpenAPI and /developers are generated from them.
import type { z } from 'zod/mini'
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
import type { ApiTokenScope } from '../api-tokens/api-tokens.js'

export type ApiEndpoint<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> = {
  method: 'get' | 'post'
  /** OpenAPI's form: `/companies/{companyId}/licenses`. */
  path: string
  operationId: string
  summary: string
  description: string
  /** The scope a token needs to call it (the router refuses others with 403); a `post` takes an Idempotency-Key. */
  scope: ApiTokenScope
  params?: P
  query?: Q
  body?: B
  response: R
  /** The refusals it may answer besides 400, 401 and 429. */
  refusals: readonly number[]
  /** A request it answers with 200 (the query string, the body), shown as curl on /developers. */
  example: { query?: string; body?: z.input<B> }
}

const endpoint = <P extends z.ZodMiniType, Q extends z.ZodMiniType, B extends z.ZodMiniType, R extends z.ZodMiniType>(
  e: ApiEndpoint<P, Q, B, R>,
) => e

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
}

export type ApiOperationId = keyof typeof apiV1Endpoints
