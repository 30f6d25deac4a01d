// Whether a token reaches an endpoint: the one place where the scopes tokens carry meet the scopes endpoints need.
import type { AccessTokenScope } from '../../protocol/access-tokens.js'
import type { ApiScope } from '../../protocol/api-v1-endpoints.js'
import { ApiProblem } from './problems.js'

/** Until tokens carry the finer scopes, `assign` (read and assign, the only write a token has) reaches every write. */
export function tokenReaches(held: readonly string[], needed: ApiScope): boolean {
  if (needed === 'read') return held.includes('read')
  return held.includes(needed) || held.includes('assign' satisfies AccessTokenScope)
}

export function insufficientScope(needed: ApiScope): ApiProblem {
  return new ApiProblem(
    403,
    'FORBIDDEN',
    'This token may only read: create a token with the read and assign scope to change assignments.',
    {
      headers: {
        'WWW-Authenticate': `Bearer realm="License Portal API", error="insufficient_scope", scope="${needed}"`,
      },
    },
  )
}
