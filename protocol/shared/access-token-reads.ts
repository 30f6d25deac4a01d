// An access token as the calls that list them answer it (SCIM tokens in Directory, API tokens).
import * as z from 'zod/mini'
import { accessTokenKinds, accessTokenScopes } from './access-tokens.js'

/** Never its secret. */
export const AccessToken = z.object({
  id: z.string(),
  kind: z.enum(accessTokenKinds),
  name: z.string(),
  scopes: z.array(z.enum(accessTokenScopes)),
  /** `lp_scim_Ab3x…`, so that a person can tell which one they hold. */
  hint: z.string(),
  createdBy: z.string(),
  createdAt: z.number(),
  expiresAt: z.nullable(z.number()),
  lastUsedAt: z.nullable(z.number()),
})
export type AccessToken = z.infer<typeof AccessToken>
