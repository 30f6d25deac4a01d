export type ProviderName = 'github' | 'google'

export const providerLabels: Record<ProviderName, string> = { github: 'GitHub', google: 'Google' }

/** The account columns that hold each provider's user id. */
export const providerColumns = { github: 'github_id', google: 'google_id' } as const

/** Who the provider says signed in: its stable user id, and the email address only when the provider has verified it. */
export type ProviderUser = { id: string; verifiedEmail: string | null }

/**
 * One OAuth 2.0 provider at its HTTP boundary: where to send the browser, and how to turn the code it sends back into a
 * user. The real providers (GitHub, Google through `arctic`) and the local stand-in implement the same shape, so the
 * state, PKCE and account checks around them are the same code.
 */
export interface OAuthProvider {
  readonly name: ProviderName
  readonly kind: 'oauth' | 'stand-in'
  /** Google takes a PKCE code verifier; GitHub's authorization flow is protected by the state alone. */
  readonly usesPkce: boolean
  authorizationUrl(input: { state: string; codeVerifier: string; redirectUri: string }): URL
  /** Exchanges the code; throws ServiceError PROVIDER_ERROR when the provider refuses or answers nonsense. */
  exchange(input: {
    code: string
    state: string
    codeVerifier: string
    redirectUri: string
    now: number
  }): Promise<ProviderUser>
}
