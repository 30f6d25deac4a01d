// API tokens for the REST API v1, a company's or an account's own (docs/decisions/0015-api-tokens-who-holds-them.md).
import * as z from 'zod/mini'
import { apiTokenScopes, type AccessTokenScope } from '../shared/access-tokens.js'

export type ApiTokenScope = (typeof apiTokenScopes)[number]
export const ApiTokenScope = z.enum(apiTokenScopes)

/** What each scope allows, as the dialog that creates a token and /developers say it. */
export const apiTokenScopeMeanings: Record<ApiTokenScope, { label: string; allows: string }> = {
  read: {
    label: 'Read',
    allows:
      'The company, its licenses (without their keys), subscriptions, seats, machines, people, webhook endpoints and ' +
      'deliveries, domains, settings, directory, API and SCIM tokens and activity log.',
  },
  seats: {
    label: 'Seats',
    allows: 'Assign and free licenses, deactivate machines, set the reclaim policy and undo a reclaim.',
  },
  people: {
    label: 'People',
    allows:
      "Add and remove the company's administrators and managers; claim, verify and remove its domains and set their " +
      'auto-join; save and remove its sign-in settings; map directory groups to products and let the directory own a ' +
      "product's seats; create and revoke SCIM tokens, and API tokens with at most this token's scopes.",
  },
  billing: {
    label: 'Billing',
    allows:
      "Change a subscription's quantity, upgrade it to annual billing, accept its extension offer, pause, resume, " +
      'restart or cancel it.',
  },
  webhooks: {
    label: 'Webhooks',
    allows: 'Add, pause, resume and remove webhook endpoints, and send a delivery again.',
  },
  keys: { label: 'Keys', allows: 'License keys in the answers, and offline keys.' },
}

/** A personal token reads the account's own licenses, with their keys if it says so; nothing else is its to change. */
export const personalTokenScopes: readonly ApiTokenScope[] = ['read', 'keys']

/** License keys (and offline keys) reach an answer only for a token with `keys`, as webhooks carry none. */
export const seesKeys = (scopes: readonly AccessTokenScope[]) => scopes.includes('keys')

/** The scope an endpoint needs that the token lacks, if any. */
export const missingScope = (needs: ApiTokenScope, scopes: readonly AccessTokenScope[]) =>
  scopes.includes(needs) ? undefined : needs

/** In the order of `apiTokenScopes`, each once: how a token's scopes are stored and shown. */
export const orderedScopes = (scopes: readonly AccessTokenScope[]): ApiTokenScope[] =>
  apiTokenScopes.filter((scope) => scopes.includes(scope))

/** "read, seats and keys": how the dialog, the log and /developers name a token's scopes. */
export function scopeWords(scopes: readonly AccessTokenScope[]): string {
  const words = orderedScopes(scopes)
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? 'none')
}

export const personalTokenScopeRefusal =
  'A personal token can have the Read and Keys scopes only: for more, ask a company administrator for a company token.'

export const chooseAScope = 'Choose at least one scope.'

/** What an API token may not grant when it creates a token: a scope it lacks, or a life beyond its own. */
export function tokenGrantRefusal(
  granting: { scopes: readonly AccessTokenScope[]; expiresAt: number | null },
  by: { scopes: readonly AccessTokenScope[]; expiresAt: number | null },
): string | undefined {
  const beyond = granting.scopes.filter((scope) => !by.scopes.includes(scope))
  if (beyond.length > 0) return `This token cannot grant ${scopeWords(beyond)}: it does not hold them itself.`
  if (by.expiresAt !== null && (granting.expiresAt === null || granting.expiresAt > by.expiresAt))
    return 'This token expires: the token it creates must expire no later (give expiresInDays).'
  return undefined
}
