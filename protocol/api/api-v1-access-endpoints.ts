// The REST API v1's endpoints for what opens a company's licenses: its offline keys and its API tokens. A token
// manages tokens with `people` (who may act for the company), and never grants a scope it does not hold itself.
import * as z from 'zod/mini'
import { ACCESS_TOKEN_MAX_DAYS, AccessTokenName } from '../shared/access-tokens.js'
import { AccessToken } from '../shared/access-token-reads.js'
import { ApiTokenScopes } from '../api-tokens/operations.js'
import { endpoint } from './api-endpoint.js'
import { CompanyParams } from './api-v1.js'
import { Completed } from './api-v1-manage.js'

export const OfflineKeyList = z.object({
  data: z.array(
    z.object({
      licenseId: z.string(),
      productGroup: z.string(),
      orderId: z.string(),
      keyNumber: z.int(),
      /** What the editor is activated with offline (signed; checked with `/offline-public-keys.json`). */
      offlineKey: z.string(),
    }),
  ),
})
export const TokenList = z.object({ data: z.array(AccessToken) })
export const CreateTokenBody = z.object({
  name: AccessTokenName,
  scopes: ApiTokenScopes,
  /** 0: it never expires (a token that expires itself must give a number within its own life). */
  expiresInDays: z._default(z.int().check(z.gte(0), z.lte(ACCESS_TOKEN_MAX_DAYS)), 0),
})
/** `secret` is answered here only: a repeat of the request (its Idempotency-Key) is refused, never answered again. */
export const CreatedToken = z.object({ token: AccessToken, secret: z.string() })
export const TokenParams = z.extend(CompanyParams, { tokenId: z.string().check(z.minLength(1), z.maxLength(200)) })

export const accessEndpoints = {
  getOfflineKeys: endpoint({
    method: 'get',
    path: '/companies/{companyId}/offline-keys',
    operationId: 'getOfflineKeys',
    summary: "The company's offline keys",
    description:
      'Each license outside a subscription that has one, by order then key, as Manage Licenses downloads them; ' +
      'refused (422) past 10,000 licenses.',
    scope: 'keys',
    params: CompanyParams,
    response: OfflineKeyList,
    refusals: [404, 422],
    example: {},
  }),
  listApiTokens: endpoint({
    method: 'get',
    path: '/companies/{companyId}/api-tokens',
    operationId: 'listApiTokens',
    summary: "The company's API tokens",
    description: 'Each with its scopes, who made it, when it expires and was last used; never a secret.',
    scope: 'read',
    params: CompanyParams,
    response: TokenList,
    refusals: [404],
    example: {},
  }),
  createApiToken: endpoint({
    method: 'post',
    path: '/companies/{companyId}/api-tokens',
    operationId: 'createApiToken',
    summary: 'Create an API token',
    description:
      'With at most the scopes of the token that asks (403 otherwise), and no longer than it lives; the answer holds ' +
      'its secret, shown only here.',
    scope: 'people',
    params: CompanyParams,
    body: CreateTokenBody,
    response: CreatedToken,
    refusals: [403, 404, 422],
    example: { body: { name: 'Nightly audit', scopes: ['read'], expiresInDays: 90 } },
    secretAnswer: true,
  }),
  revokeApiToken: endpoint({
    method: 'post',
    path: '/companies/{companyId}/api-tokens/{tokenId}/revoke',
    operationId: 'revokeApiToken',
    summary: 'Revoke an API token',
    description: 'It is refused from then on; revoking a revoked token changes nothing.',
    scope: 'people',
    params: TokenParams,
    response: Completed,
    refusals: [403, 404],
    example: {},
  }),
}
