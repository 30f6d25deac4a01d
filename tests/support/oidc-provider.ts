// A real, certified OpenID provider (`oidc-provider`) on loopback for the company sign-in tests: one confidential
// client and its development sign-in pages (any login; the login is the subject and the email, unless `accounts`
// overrides it). Its ID token carries only `sub`, so the portal reads the email from UserInfo, as with thin tokens.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export type TestAccountClaims = { email?: string; email_verified?: boolean }

export type TestOidcProvider = {
  issuer: string
  clientId: string
  clientSecret: string
  accounts: Map<string, TestAccountClaims>
  close(): Promise<void>
}

export async function startOidcProvider(options: { redirectUris: string[]; port?: number }): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestAccountClaims>()
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clientId = 'license-portal'
  const clientSecret = 'a-test-client-secret-of-the-portal'
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    cookies: { keys: ['test cookie key of the provider'] },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          const claims = accounts.get(sub) ?? {}
          return { sub, email: claims.email ?? sub, email_verified: claims.email_verified ?? true, name: sub }
        },
      }
    },
  })
  // The provider's own warnings (development keys and pages) are expected here.
  provider.on('server_error', (_ctx, err) => console.error('oidc-provider:', err))
  server.on('request', provider.callback())
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Goes through the provider's sign-in as a browser would, without one: follows the authorization address, signs in
 * as `login`, consents, and answers the address the provider sends the browser back to (the portal's callback).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>()
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair.indexOf('=')
      cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return response
  }
  const origin = new URL(authorizationUrl).origin
  let url = authorizationUrl
  for (let step = 0; step < 12; step++) {
    const response = await send(url)
    const location = response.headers.get('location')
    if (location) {
      const next = new URL(location, url)
      if (next.origin !== origin) return next
      url = next.toString()
      continue
    }
    const page = await response.text()
    const action = page.match(/<form[^>]*action="([^"]+)"/)?.[1]
    if (!action) throw new Error(`the provider answered ${response.status} without a form: ${page.slice(0, 300)}`)
    const form: Record<string, string> = page.includes('name="login"')
      ? { prompt: 'login', login, password: 'any' }
      : { prompt: 'consent' }
    const submitted = await send(new URL(action, url).toString(), {
      method: 'POST',
      body: new URLSearchParams(form),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const after = submitted.headers.get('location')
    if (!after) throw new Error(`the provider answered the ${form.prompt} form with ${submitted.status}`)
    const next = new URL(after, url)
    if (next.origin !== origin) return next
    url = next.toString()
  }
  throw new Error('the provider did not send the browser back')
}
