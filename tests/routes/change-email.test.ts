import { afterAll, describe, expect, it } from 'vitest'
import { cookieFrom, detailsFor, formRequest, removeDataDir, settle, stubLicensing } from './account-stub'

const { loader: manageLoader, action: manageAction } = await import('#app/routes/manage')
const { createUserSession, getUser } = await import('#app/utils/session.server')
const { CHANGE_EMAIL_REQUESTED_PATH } = await import('#app/routes/__manage/account/change-email.server')

afterAll(removeDataDir)

const PAT = 'pat@personal.test'
const ACTION_URL = 'http://portal.test/manage?index&dialog=change-email'

/** Signs in and lets /manage record whether the account holds personal licenses, as a browser visit would. */
async function signedIn(email: string, personal: boolean): Promise<string> {
  const started = await createUserSession(
    new Request('http://portal.test/'),
    { email, admin: false, credential: `cred-${email}` },
    '/manage',
  )
  let cookie = cookieFrom(started)
  const stub = stubLicensing({ retrieveDetails: () => ({ result: detailsFor(email, { personal }) }) })
  const page = await settle(
    manageLoader({
      request: new Request('http://portal.test/manage', { headers: { Cookie: cookie } }),
      params: {},
      context: stub.context,
    }),
  )
  cookie = cookieFrom(page, cookie)
  return cookie
}

function submit(cookie: string, fields: Record<string, string>, handlers: Parameters<typeof stubLicensing>[0] = {}) {
  const stub = stubLicensing(handlers)
  const request = formRequest(ACTION_URL, [['intent', 'change-email'], ...Object.entries(fields)], cookie)
  return { stub, response: settle(manageAction({ request, params: {}, context: stub.context })) }
}

async function fieldErrors(response: Response) {
  const body = (await response.json()) as { intent: string; result: { error?: Record<string, string[] | null> } }
  expect(body.intent).toBe('change-email')
  return body.result.error ?? {}
}

describe('the Change Email Address dialog', () => {
  it('opens for a personal license holder, with the current address', async () => {
    const cookie = await signedIn(PAT, true)
    const stub = stubLicensing({ retrieveDetails: () => ({ result: detailsFor(PAT, { personal: true }) }) })
    const response = await settle(
      manageLoader({
        request: new Request('http://portal.test/manage?dialog=change-email', { headers: { Cookie: cookie } }),
        params: {},
        context: stub.context,
      }),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ dialog: { name: 'change-email', data: { currentEmail: PAT } } })
  })

  it('is not found for someone without personal licenses', async () => {
    const email = 'olivia@acme.test'
    const cookie = await signedIn(email, false)
    const stub = stubLicensing({ retrieveDetails: () => ({ result: detailsFor(email, { personal: false }) }) })
    const response = await settle(
      manageLoader({
        request: new Request('http://portal.test/manage?dialog=change-email', { headers: { Cookie: cookie } }),
        params: {},
        context: stub.context,
      }),
    )
    expect(response.status).toBe(404)
  })
})

describe('intent=change-email', () => {
  it('requires the new address', async () => {
    const cookie = await signedIn(PAT, true)
    const { stub, response } = submit(cookie, { newEmail: '', confirmEmail: '' })
    const res = await response
    expect(res.status).toBe(400)
    expect((await fieldErrors(res)).newEmail).toEqual(['Email address must be provided.'])
    expect(stub.calls).toEqual([])
  })

  it('requires a valid new address', async () => {
    const cookie = await signedIn(PAT, true)
    const res = await submit(cookie, { newEmail: 'not an email', confirmEmail: 'not an email' }).response
    expect(res.status).toBe(400)
    expect((await fieldErrors(res)).newEmail).toEqual(['Email address is not valid.'])
  })

  it('requires the confirmation to match', async () => {
    const cookie = await signedIn(PAT, true)
    const res = await submit(cookie, { newEmail: 'pat@new.test', confirmEmail: 'pat@other.test' }).response
    expect(res.status).toBe(400)
    expect((await fieldErrors(res)).confirmEmail).toEqual(['Email addresses do not match.'])
  })

  it('requires an address other than the current one, whatever its case', async () => {
    const cookie = await signedIn(PAT, true)
    const res = await submit(cookie, { newEmail: 'PAT@Personal.test', confirmEmail: 'PAT@Personal.test' }).response
    expect(res.status).toBe(400)
    expect((await fieldErrors(res)).newEmail).toEqual([
      'New email address must be different from current email address.',
    ])
  })

  it('shows the service’s refusal in the dialog and keeps the user signed in', async () => {
    const cookie = await signedIn(PAT, true)
    const { stub, response } = submit(
      cookie,
      { newEmail: 'olivia@acme.test', confirmEmail: 'olivia@acme.test' },
      { transferLicenses: () => ({ error: 'USER_EXISTS' }) },
    )
    const res = await response
    expect(res.status).toBe(400)
    const body = (await res.json()) as { result: { error: Record<string, string[]> } }
    expect(body.result.error['']).toEqual(['A user already exists with this email address.'])
    expect(stub.operations()).toEqual(['transferLicenses'])
    expect(await getUser(new Request('http://portal.test/', { headers: { Cookie: cookie } }))).not.toBeNull()
  })

  it('transfers, logs out (service and portal) and shows the Complete dialog', async () => {
    const cookie = await signedIn(PAT, true)
    const { stub, response } = submit(
      cookie,
      { newEmail: ' pat@new.test ', confirmEmail: 'pat@new.test' },
      { transferLicenses: () => ({ result: { completed: true } }), logout: () => ({ result: { completed: true } }) },
    )
    const res = await response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(CHANGE_EMAIL_REQUESTED_PATH)
    expect(stub.calls).toEqual([
      { operation: 'transferLicenses', payload: { transferTo: 'pat@new.test' }, credential: `cred-${PAT}` },
      { operation: 'logout', payload: {}, credential: `cred-${PAT}` },
    ])
    // The portal session record is gone: the old cookie no longer signs anyone in.
    expect(await getUser(new Request('http://portal.test/', { headers: { Cookie: cookie } }))).toBeNull()
    expect(res.headers.get('Set-Cookie')).toMatch(/__session=;/)
  })

  it('is refused for someone without personal licenses', async () => {
    const cookie = await signedIn('olivia@acme.test', false)
    const { stub, response } = submit(cookie, { newEmail: 'olivia@new.test', confirmEmail: 'olivia@new.test' })
    expect((await response).status).toBe(404)
    expect(stub.calls).toEqual([])
  })
})
