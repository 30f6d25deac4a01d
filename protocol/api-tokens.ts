// API tokens for the REST API v1, a company's or an account's own (docs/decisions/0015-api-tokens-who-holds-them.md).
import * as z from 'zod'
import { ACCESS_TOKEN_MAX_DAYS, AccessToken, AccessTokenName, type AccessTokenScope } from './access-tokens.js'
import { administersCompany } from './roles.js'

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

const companyId = z.string().min(1).max(200)
const completed = z.object({ completed: z.literal(true) })

/** With `companyId` the company's tokens (FORBIDDEN unless the caller may manage them), else the caller's own. */
export const apiTokenOperations = {
  retrieveApiTokens: {
    payload: z.object({ companyId: companyId.optional() }),
    result: z.object({
      company: z.object({ id: z.string(), name: z.string() }).nullable(),
      tokens: z.array(AccessToken),
    }),
  },
  /** The secret is never shown again; a repeat of the request is refused. */
  createApiToken: {
    payload: z.object({
      companyId: companyId.optional(),
      name: AccessTokenName,
      access: ApiTokenAccess.default('read'),
      expiresInDays: z.number().int().min(0).max(ACCESS_TOKEN_MAX_DAYS).default(0),
    }),
    result: z.object({ token: AccessToken, secret: z.string() }),
  },
  /** Revoking a revoked token changes nothing and is not refused. */
  revokeApiToken: {
    payload: z.object({ companyId: companyId.optional(), tokenId: z.string().min(1).max(200) }),
    result: completed,
  },
}
