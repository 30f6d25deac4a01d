// Access tokens for SCIM and the REST API: the kinds, their scopes, and the bounds of a token's name and life. A token
// as the calls answer it is in `access-token-reads.ts`.
import * as z from 'zod/mini'
import { oneLine } from './text.js'

export const accessTokenKinds = ['scim', 'api'] as const
export type AccessTokenKind = (typeof accessTokenKinds)[number]

/** An API token's scopes, each independent: least privilege is the few a script needs (decision 0024). */
export const apiTokenScopes = ['read', 'seats', 'people', 'billing', 'webhooks', 'keys'] as const
export const accessTokenScopes = ['scim', ...apiTokenScopes] as const
export type AccessTokenScope = (typeof accessTokenScopes)[number]

export const ACCESS_TOKEN_NAME_MAX = 80

/** Live (neither revoked nor expired) tokens of one kind a company or a person may hold at once. */
export const ACCESS_TOKEN_LIVE_MAX = 25

export const tooManyTokens = (kind: AccessTokenKind) =>
  `There are already ${ACCESS_TOKEN_LIVE_MAX} ${kind === 'scim' ? 'SCIM' : 'API'} tokens in use here, the most there can be. Revoke one that is no longer used, then create this one.`

/** A token without an expiry lives until it is revoked. */
export const ACCESS_TOKEN_MAX_DAYS = 730
/** The lifetimes the dialogs offer, in days; 0: until revoked. */
export const accessTokenLifetimes = [0, 30, 90, 365] as const

export function scopesAllowed(kind: AccessTokenKind, scopes: readonly AccessTokenScope[]): boolean {
  const set = new Set(scopes)
  if (set.size !== scopes.length || set.size === 0) return false
  if (kind === 'scim') return set.size === 1 && set.has('scim')
  return !set.has('scim')
}

export const AccessTokenName = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value) => oneLine(value, ACCESS_TOKEN_NAME_MAX + 1)),
  ),
  z.string().check(
    z.minLength(1, { message: 'Enter a name for the token.' }),
    z.maxLength(ACCESS_TOKEN_NAME_MAX, {
      message: `A token's name has at most ${ACCESS_TOKEN_NAME_MAX} characters.`,
    }),
  ),
)

/** "identity provider (Okta)". */
export function identityProviderActor(tokenName: string): string {
  return `identity provider (${oneLine(tokenName, ACCESS_TOKEN_NAME_MAX)})`
}

/** "API (Onboarding script)": who made a change through the REST API, in the activity log. */
export function apiActor(tokenName: string): string {
  return `API (${oneLine(tokenName, ACCESS_TOKEN_NAME_MAX)})`
}
