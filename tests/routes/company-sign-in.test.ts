// Company sign-in through the portal's routes, against the service and a real OpenID provider on loopback: the
// sign-in page's "Sign in with single sign-on", the /auth/company/ callback, and the refusals with what to do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companySignInRequiredMessage } from '#protocol/company-sign-in/company-sign-in'
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider'
import { createTestService, latestLink, signInAs } from '../support/service'
import { cookieFrom, formRequest, removeDataDir, settle, signInPageAfter } from './account-stub'

const { action: signInAction } = await import('#app/routes/_index')
const { loader: callbackLoader } = await import('#app/routes/auth.$provider')
const { loader: linkLoader } = await import('#app/routes/manage_.$')
const { loader: continueLoader } = await import('#app/routes/auth.company.continue')
const { getUser } = await import('#app/utils/session.server')

let service: Awaited<ReturnType<typeof createTestService>>
let idp: TestOidcProvider
let olivia: string
const context = { licensing: { call: (request: unknown, credential?: string) => service.call(request, credential) } }
const required = companySignInRequiredMessage('Acme Corp', 'acme.test')

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: ['http://portal.test/auth/company/'] })
  service = await createTestService()
  olivia = await signInAs(service, 'olivia@acme.test')
  const settings = { companyId: 'acme', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }
  await service.call({ updateCompanySignIn: { ...settings, required: true } }, olivia)
})
afterAll(async () => {
  await service.close()
  await idp.close()
  removeDataDir()
})

const signInPage = (response: Response) => signInPageAfter(response, context)

const post = (intent: string, email: string) =>
  settle(
    signInAction({
      request: formRequest('http://portal.test/?index', [
        ['intent', intent],
        ['email', email],
      ]),
      params: {},
      context,
    }),
  )

/** "Sign in with single sign-on" for `email`: the page that goes on to the provider, and the browser's cookies. */
async function startAt(email: string) {
  const started = await post('company', email)
  expect(started.status).toBe(302)
  // Our own page, not the provider: a form post may only redirect to the hosts the CSP's form-action lists.
  expect(started.headers.get('Location')).toBe('/auth/company/continue')
  const cookie = cookieFrom(started)
  const request = new Request('http://portal.test/auth/company/continue', { headers: { Cookie: cookie } })
  const page = await settle(continueLoader({ request, params: {}, context }))
  const { to } = (await page.json()) as { to: string }
  return { authorization: to, cookie }
}

const callback = (url: URL, cookie: string) =>
  settle(
    callbackLoader({
      request: new Request(url, { headers: { Cookie: cookie } }),
      params: { provider: 'company' },
      context,
    }),
  )

describe('company sign-in through the portal', () => {
  it('signs a person at the domain in through the provider, once; a replayed callback says so', async () => {
    const { authorization, cookie } = await startAt('max@acme.test')
    expect(new URL(authorization).origin).toBe(idp.issuer)
    const back = await signInAtProvider(authorization, 'max@acme.test')
    const signedIn = await callback(back, cookie)
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get('Location')).toBe('/manage')
    const user = await getUser(new Request('http://portal.test/', { headers: { Cookie: cookieFrom(signedIn) } }))
    expect(user).toMatchObject({ email: 'max@acme.test', admin: false })

    const replayed = await callback(back, cookie)
    expect(replayed.status).toBe(401)
    expect(await replayed.json()).toEqual({ code: 'INVALID_REQUEST' })
  })

  it('refuses an email link for a person whose company requires it, saying how to sign in', async () => {
    const page = await signInPage(await post('link', 'max@acme.test'))
    expect(page).toMatchObject({
      email: 'max@acme.test',
      linkOutcome: { outcome: 'sso-required', result: { error: { email: [required] } } },
    })
    // The sign-in form's bot trap comes with the page that shows it (the root sends it to no page).
    expect(page.honeypot).toMatchObject({ nameFieldName: 'name__confirm' })
  })

  it('a link mailed before the requirement leads to the sign-in page with the same message', async () => {
    await service.call(
      { updateCompanySignIn: { companyId: 'acme', issuer: idp.issuer, clientId: idp.clientId, required: false } },
      olivia,
    )
    await service.call({ manageLicense: { type: 'link', email: 'max@acme.test' } })
    const link = await latestLink(service, 'max@acme.test', 'http://portal.test/manage/')
    await service.call(
      { updateCompanySignIn: { companyId: 'acme', issuer: idp.issuer, clientId: idp.clientId, required: true } },
      olivia,
    )
    const passthrough = link.slice('http://portal.test/manage/'.length)
    const thrown = await settle(linkLoader({ request: new Request(link), params: { '*': passthrough }, context }))
    expect(await signInPage(thrown)).toMatchObject({
      email: 'max@acme.test',
      linkOutcome: { outcome: 'sso-required', result: { error: { email: [required] } } },
    })
  })

  it('the page on to the provider is only for the browser that was given it', async () => {
    const request = new Request('http://portal.test/auth/company/continue')
    const page = await settle(continueLoader({ request, params: {}, context }))
    expect(page.status).toBe(302)
    expect(page.headers.get('Location')).toBe('/')
  })

  it('says there is no single sign-on for a domain without it, and leaves Send Link usable', async () => {
    const page = await signInPage(await post('company', 'carl@globex.test'))
    expect(page).toMatchObject({
      email: 'carl@globex.test',
      linkOutcome: {
        outcome: 'company-refused',
        result: {
          error: {
            email: [
              'There is no company single sign-on for globex.test addresses; sign in with an email link instead.',
            ],
          },
        },
      },
    })
  })

  it('shows the provider’s refusal, with the company named, in Authentication Failed', async () => {
    idp.accounts.set('unverified@acme.test', { email_verified: false })
    const { authorization, cookie } = await startAt('unverified@acme.test')
    const back = await signInAtProvider(authorization, 'unverified@acme.test')
    const refused = await callback(back, cookie)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({
      code: 'PROVIDER_ERROR',
      message: "Acme Corp's single sign-on does not vouch that unverified@acme.test is a verified address.",
    })
  })
})
