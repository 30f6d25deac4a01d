export type ProviderName = 'github' | 'google'

export const providerLabels: Record<ProviderName, string> = { github: 'GitHub', google: 'Google' }

export const providerColumns = { github: 'github_id', google: 'google_id' } as const

/** The email address only when the provider has verified it. */
export type ProviderUser = { id: string; verifiedEmail: string | null }

/** One OAuth 2.0 provider at its HTTP boundary: the real ones and the stand-in share it and the checks around it. */
export interface OAuthProvider {
  readonly name: ProviderName
  readonly kind: 'oauth' | 'stand-in'
  /** GitHub's flow is protected by the state alone. */
  readonly usesPkce: boolean
  authorizationUrl(input: { state: string; codeVerifier: string; redirectUri: string }): URL
  /** Throws PROVIDER_ERROR when the provider refuses or answers nonsense. */
  exchange(input: {
    code: string
    state: string
    codeVerifier: string
    redirectUri: string
    now: number
  }): Promise<ProviderUser>
}
