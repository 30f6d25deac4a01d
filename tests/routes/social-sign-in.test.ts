import { afterAll, describe, expect, it } from 'vitest'
import { cookieFrom, detailsFor, removeDataDir, settle, stubLicensing } from './account-stub'

const { loader } = await import('#app/routes/auth.$provider')
const { createUserSession, getSession, getUser } = await import('#app/utils/session.server')

afterAll(removeDataDir)

function callback(
  provider: string,
  query: string,
  handlers: Parameters<typeof stubLicensing>[0] = {},
  cookie?: string,
) {
  const stub = stubLicensing(handlers)
  const request = new Request(`http://portal.test/auth/${provider}/?${query}`, {
    headers: cookie ? { Cookie: cookie } : {},
  })
  return { stub, response: settle(loader({ request, params: { provider }, context: stub.context })) }
}

const signedInAs = { completed: true, session: 'cred-new', email: 'gita@github.test', admin: false }

describe('/auth/{provider}/', () => {
  it.each(['', 'code=c1', 'state=s1', 'code=&state=s1'])(
    'goes to / when code or state is missing (%s)',
    async (query) => {
      const { stub, response } = callback('github', query)
      const res = await response
      expect(res.status).toBe(302)
      expect(res.headers.get('Location')).toBe('/')
      expect(stub.calls).toEqual([])
    },
  )

  it('is not found for another provider', async () => {
    const { stub, response } = callback('facebook', 'code=c1&state=s1')
    expect((await response).status).toBe(404)
    expect(stub.calls).toEqual([])
  })

  it.each(['github', 'google'])('signs in through %s: a new portal session, then /manage', async (provider) => {
    const { stub, response } = callback(provider, 'code=c1&state=s1', {
      completeAuthentication: () => ({ result: signedInAs }),
      retrieveDetails: () => ({ result: detailsFor('gita@github.test', { personal: true }) }),
    })
    const res = await response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/manage')
    expect(stub.calls).toEqual([
      {
        operation: 'completeAuthentication',
        payload: { type: provider, code: 'c1', state: 's1' },
        credential: undefined,
      },
      // What the first page's user menu needs (Change Email Address for personal holders), with the new credential.
      { operation: 'retrieveDetails', payload: {}, credential: 'cred-new' },
    ])
    const cookie = cookieFrom(res)
    const user = await getUser(new Request('http://portal.test/', { headers: { Cookie: cookie } }))
    expect(user).toEqual({ email: 'gita@github.test', admin: false, credential: 'cred-new' })
    const session = await getSession(new Request('http://portal.test/', { headers: { Cookie: cookie } }))
    expect(session.get('hasPersonalLicenses')).toBe(true)
  })

  it('completes a link for the signed-in account and returns to Account Settings', async () => {
    const cookie = cookieFrom(
      await createUserSession(
        new Request('http://portal.test/'),
        { email: 'pat@personal.test', admin: false, credential: 'cred-pat' },
        '/manage',
      ),
    )
    const { stub, response } = callback(
      'google',
      'code=c2&state=s2',
      {
        completeAuthentication: () => ({
          result: { completed: true, session: 'cred-pat', email: 'pat@personal.test', admin: false, linked: 'google' },
        }),
      },
      cookie,
    )
    const res = await response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/manage?dialog=account-settings')
    expect(stub.calls[0].credential).toBe('cred-pat')
    // Same session as before: linking does not sign anyone in afresh.
    expect(res.headers.get('Set-Cookie')).toBeNull()
  })

  it.each(['INVALID_REQUEST', 'NO_USER', 'PROVIDER_ERROR'])(
    'shows Authentication Failed when the service answers %s',
    async (code) => {
      const { response } = callback('github', 'code=c1&state=s1', {
        completeAuthentication: () => ({ error: code as 'INVALID_REQUEST' }),
      })
      const res = await response
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ code })
      expect(res.headers.get('Set-Cookie')).toBeNull()
    },
  )

  it('shows Authentication Failed when the provider says the person denied access', async () => {
    const { stub, response } = callback('google', 'error=access_denied&state=s1')
    const res = await response
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ code: 'access_denied' })
    expect(stub.calls).toEqual([])
  })
})
