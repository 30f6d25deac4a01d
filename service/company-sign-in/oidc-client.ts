// A company's OpenID Connect provider through `openid-client`: discovery, the authorization address (code, PKCE S256,
// state, nonce) and the code exchange, whose ID token it checks (signature, issuer, audience, expiry, nonce).
import crypto from 'node:crypto'
import * as client from 'openid-client'
import { COMPANY_SIGN_IN_SCOPES } from '../../protocol/company-sign-in/company-sign-in.js'
import { normalizeEmail } from '../../protocol/shared/email.js'
import { oneLine } from '../../protocol/shared/text.js'
import { ServiceError } from '../dispatch/errors.js'
import { allowedAddresses, systemResolve } from '../webhooks/addresses.js'

/** Who the provider says signed in; `emailVerified` true only when the provider vouches for the address. */
export type CompanyUser = { subject: string; email: string | null; emailVerified: boolean }

export type ProviderSettings = { companyName: string; issuer: string; clientId: string; clientSecret: string }

const TIMEOUT_SECONDS = 10
/** A discovered configuration (with the provider's keys) is kept this long per instance. */
const CONFIG_TTL_MS = 10 * 60 * 1000

/** The server fetches what an administrator typed: public https hosts only (loopback with the development tools). */
export async function issuerProblem(issuer: string, devTools: boolean): Promise<string | null> {
  const why = await notPublic(issuer, devTools)
  return why && `The issuer cannot be used: ${why}.`
}

/** Why the server may not call this address (the webhooks' rule), or null. */
async function notPublic(address: string, devTools: boolean): Promise<string | null> {
  try {
    await allowedAddresses(address, { allowLoopback: devTools }, systemResolve)
    return null
  } catch (err) {
    return (err as Error).message
  }
}

/** Why no answer came (the cause's code, never its raw "fetch failed"), or null when one did. */
function noAnswer(err: unknown): string | null {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return `no answer came within ${TIMEOUT_SECONDS} seconds`
  }
  if (!(err instanceof TypeError)) return null
  let code = ''
  for (let cause: unknown = err.cause; cause && !code; cause = (cause as { cause?: unknown }).cause) {
    code = String((cause as { code?: unknown }).code ?? '')
    if (cause instanceof Error && cause.message === 'bad port')
      return "its port is one the portal never calls (use the provider's usual https address)"
  }
  if (code === 'ECONNREFUSED') return 'the connection was refused'
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'its host name was not found'
  if (code.includes('CERT') || code.startsWith('ERR_TLS') || code.includes('SELF_SIGNED')) {
    return 'its TLS certificate is not trusted'
  }
  if (code.includes('TIMEOUT')) return 'the connection timed out'
  return 'the connection failed'
}

const checkIssuer =
  'Check the issuer: it is the address your provider shows for OpenID Connect (such as https://acme.okta.com), without /.well-known/openid-configuration'

/** Why discovery failed: what was tried, what came back, what to check (never a bare "fetch failed"). */
export function discoveryProblem(issuer: string, err: unknown): string {
  if (err instanceof ServiceError) return err.message
  const where = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`
  const tried = `The portal tried to read the issuer's discovery document at ${oneLine(where, 200)}`
  const unreached = noAnswer(err)
  if (unreached)
    return `${tried}, but ${unreached}. ${checkIssuer}, and that the provider can be reached from the internet.`
  const { code, cause } = err as { code?: unknown; cause?: unknown }
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' && cause instanceof Response) {
    return `${tried}, and it answered HTTP ${cause.status}, not a discovery document. ${checkIssuer}.`
  }
  if (code === 'OAUTH_RESPONSE_IS_NOT_JSON') {
    return `${tried}, and it answered with a page that is not a discovery document. ${checkIssuer}.`
  }
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') {
    return `${tried}, and the document names another issuer. ${checkIssuer}: it must match the document's "issuer" exactly, a trailing slash included.`
  }
  const why = oneLine(err instanceof Error ? err.message : String(err), 200)
  return `${tried}, and its answer could not be used (${why}). ${checkIssuer}.`
}

/** What went wrong talking to the provider, as PROVIDER_ERROR with words a person can act on (never a secret). */
export function companyProviderError(companyName: string, err: unknown): ServiceError {
  if (err instanceof ServiceError) return err
  const who = `${companyName}'s single sign-on`
  const unreached = noAnswer(err)
  if (unreached) {
    return new ServiceError(
      'PROVIDER_ERROR',
      `${who} could not be reached: ${unreached}. Please try again later; if it keeps failing, ask an administrator of ${companyName} to check its Single Sign-On settings.`,
    )
  }
  if (err instanceof client.AuthorizationResponseError || err instanceof client.ResponseBodyError) {
    return new ServiceError(
      'PROVIDER_ERROR',
      `${who} refused the sign-in (${oneLine(err.error, 60)}). Please try again.`,
    )
  }
  if (err instanceof Error) {
    return new ServiceError(
      'PROVIDER_ERROR',
      `${who} answered with something this portal does not accept: ${oneLine(err.message, 200)}`,
    )
  }
  return new ServiceError('PROVIDER_ERROR', `${who} could not be reached.`)
}

/** The provider's addresses the server itself calls; each is held to the issuer's rule (the browser goes to the others). */
const SERVER_ENDPOINTS = ['token_endpoint', 'userinfo_endpoint', 'jwks_uri'] as const
const ENDPOINT_NAMES = new Map<(typeof SERVER_ENDPOINTS)[number], string>([
  ['token_endpoint', 'token endpoint'],
  ['userinfo_endpoint', 'UserInfo endpoint'],
  ['jwks_uri', 'key set'],
])

/** Every request to the provider goes to a public address only, looked up again each time (its DNS may change). */
function providerFetch(devTools: boolean): client.CustomFetch {
  return async (url, options) => {
    const why = await notPublic(url, devTools)
    if (why) throw new ServiceError('PROVIDER_ERROR', `${oneLine(url, 200)} cannot be used: ${why}.`)
    return fetch(url, options as RequestInit)
  }
}

export async function endpointProblem(metadata: client.ServerMetadata, devTools: boolean): Promise<string | null> {
  for (const field of SERVER_ENDPOINTS) {
    const address = metadata[field]
    if (typeof address !== 'string') continue
    const why = await notPublic(address, devTools)
    if (why) return `The issuer's ${ENDPOINT_NAMES.get(field)} (${oneLine(address, 200)}) cannot be used: ${why}.`
  }
  return null
}

const configs = new Map<string, { at: number; config: Promise<client.Configuration> }>()

/** The provider's discovered configuration, cached per issuer, client and secret (a changed secret is rediscovered). */
export function discover(
  settings: ProviderSettings,
  devTools: boolean,
  now = Date.now(),
): Promise<client.Configuration> {
  const secretDigest = crypto.createHash('sha256').update(settings.clientSecret).digest('hex')
  const key = `${settings.issuer}\n${settings.clientId}\n${secretDigest}`
  const kept = configs.get(key)
  if (kept && now - kept.at < CONFIG_TTL_MS) return kept.config
  const insecure = devTools && new URL(settings.issuer).protocol === 'http:'
  const config = client
    .discovery(new URL(settings.issuer), settings.clientId, undefined, client.None(), {
      timeout: TIMEOUT_SECONDS,
      execute: insecure ? [client.allowInsecureRequests] : [],
      [client.customFetch]: providerFetch(devTools),
    })
    .then(async (discovered) => {
      // client_secret_post only when the provider lists it and not basic (Entra ID and Okta take both).
      const metadata = discovered.serverMetadata()
      const problem = await endpointProblem(metadata, devTools)
      if (problem) throw new ServiceError('PROVIDER_ERROR', problem)
      const methods = metadata.token_endpoint_auth_methods_supported ?? []
      const post = methods.includes('client_secret_post') && !methods.includes('client_secret_basic')
      const auth = post
        ? client.ClientSecretPost(settings.clientSecret)
        : client.ClientSecretBasic(settings.clientSecret)
      const configured = new client.Configuration(metadata, settings.clientId, settings.clientSecret, auth)
      if (insecure) client.allowInsecureRequests(configured)
      configured.timeout = TIMEOUT_SECONDS
      configured[client.customFetch] = providerFetch(devTools)
      return configured
    })
  configs.set(key, { at: now, config })
  config.catch(() => configs.delete(key))
  return config
}

const claimString = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null)

/** Okta and most providers say `email_verified`; Entra ID says `xms_edov` (the email domain's owner is verified). */
const vouched = (claims: Record<string, unknown>) => claims.email_verified === true || claims.xms_edov === true

export type AuthorizationInput = { state: string; nonce: string; codeVerifier: string; redirectUri: string }

export async function authorizationUrl(
  settings: ProviderSettings,
  devTools: boolean,
  input: AuthorizationInput & { loginHint: string },
): Promise<URL> {
  try {
    return client.buildAuthorizationUrl(await discover(settings, devTools), {
      redirect_uri: input.redirectUri,
      scope: COMPANY_SIGN_IN_SCOPES.join(' '),
      state: input.state,
      nonce: input.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(input.codeVerifier),
      code_challenge_method: 'S256',
      login_hint: input.loginHint,
    })
  } catch (err) {
    throw companyProviderError(settings.companyName, err)
  }
}

/** `callbackUrl`: where the provider sent the browser (code, state, iss). The email comes from UserInfo if not in the ID token. */
export async function exchangeCode(
  settings: ProviderSettings,
  devTools: boolean,
  input: AuthorizationInput & { callbackUrl: URL },
): Promise<CompanyUser> {
  try {
    const config = await discover(settings, devTools)
    const tokens = await client.authorizationCodeGrant(config, input.callbackUrl, {
      pkceCodeVerifier: input.codeVerifier,
      expectedState: input.state,
      expectedNonce: input.nonce,
      idTokenExpected: true,
    })
    const claims = tokens.claims()
    if (!claims) throw new ServiceError('PROVIDER_ERROR', `${settings.companyName}'s single sign-on sent no ID token.`)
    let email = claimString(claims.email)
    let emailVerified = vouched(claims)
    if (!email && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub)
      email = claimString(info.email)
      emailVerified = vouched(info)
    }
    return { subject: claims.sub, email: email ? normalizeEmail(email) : null, emailVerified }
  } catch (err) {
    throw companyProviderError(settings.companyName, err)
  }
}
