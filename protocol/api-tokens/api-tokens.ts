// API tokens for the REST API v1, a company's or an account's own (docs/decisions/0015-api-tokens-who-holds-them.md).
import * as z from 'zod/mini'
import { ACCESS_TOKEN_MAX_DAYS, AccessToken, AccessTokenName, type AccessTokenScope } from '../shared/access-tokens.js'
import { administersCompany } from '../permissions/roles.js'

/** Company and Reseller Administrators (the roles that add users) and platform administrators, as for SCIM tokens. */
export const mayManageApiTokens = administersCompany

/** What a token may do: `read`, or `assign` (read and assign). A personal token only reads. */
export const apiTokenAccess = ['read', 'assign'] as const
export const ApiTokenAccess = z.enum(apiTokenAccess)
export type ApiTokenAccess = z.infer<typeof ApiTokenAccess>

export const scopesOfAccess = (access: ApiTokenAccess): AccessTokenScope[] =>
  access === 'assign' ? ['read', 'assign'] : ['read']

/** "read", "read and assign": how the dialog, the log and /developers name a token's scope. */
export const scopeWords = (scopes: readonly AccessTokenScope[]): string =>
  scopes.includes('assign') ? 'read and assign' : 'read'

export const personalTokenAssignRefusal =
  'A personal token reads your own licenses only; choose Read, or ask a company administrator for a company token.'

const companyId = z.string().check(z.minLength(1), z.maxLength(200))
const completed = z.object({ completed: z.literal(true) })

/** With `companyId` the company's tokens (FORBIDDEN unless the caller may manage them), else the caller's own. */
export const apiTokenOperations = {
  retrieveApiTokens: {
    payload: z.object({ companyId: z.optional(companyId) }),
    result: z.object({
      company: z.nullable(z.object({ id: z.string(), name: z.string() })),
      tokens: z.array(AccessToken),
    }),
  },
  /** The secret is never shown again; a repeat of the request is refused. */
  createApiToken: {
    payload: z.object({
      companyId: z.optional(companyId),
      name: AccessTokenName,
      access: z._default(ApiTokenAccess, 'read'),
      expiresInDays: z._default(z.int().check(z.gte(0), z.lte(ACCESS_TOKEN_MAX_DAYS)), 0),
    }),
    result: z.object({ token: AccessToken, secret: z.string() }),
  },
  /** Revoking a revoked token changes nothing and is not refused. */
  revokeApiToken: {
    payload: z.object({
      companyId: z.optional(companyId),
      tokenId: z.string().check(z.minLength(1), z.maxLength(200)),
    }),
    result: completed,
  },
}
