import { afterAll, describe, expect, it } from 'vitest'
import {
  cookieFrom,
  detailsFor,
  formRequest,
  removeDataDir,
  settle,
  stubLicensing,
  type StubHandler,
} from './account-stub'

const { loader: manageLoader, action: manageAction } = await import('#app/routes/manage')
const { createUserSession } = await import('#app/utils/session.server')

afterAll(removeDataDir)

const GITA = 'gita@github.test'
const CREDENTIAL = 'cred-gita'
const linkedToGitHub = {
  logonLink: 'default',
  githubLinked: true,
  googleLinked: false,
  renewalReminders: true,
} as const

async function signedIn(): Promise<string> {
  return cookieFrom(
    await createUserSession(
      new Request('http://portal.test/'),
      { email: GITA, admin: false, credential: CREDENTIAL },
      '/manage',
    ),
  )
}

async function save(
  fields: Array<[string, string]>,
  handlers: Record<string, StubHandler>,
  search = 'dialog=account-settings',
) {
  const cookie = await signedIn()
  const stub = stubLicensing(handlers)
  const request = formRequest(
    `http://portal.test/manage?index&${search}`,
    [['intent', 'account-settings'], ...fields],
    cookie,
  )
  const response = await settle(manageAction({ request, params: {}, context: stub.context }))
  return { stub, response }
}

describe('the Account Settings dialog', () => {
  it('reads the settings with no payload', async () => {
    const cookie = await signedIn()
    const stub = stubLicensing({
      retrieveDetails: () => ({ result: detailsFor(GITA, { personal: true }) }),
      accountSettings: () => ({ result: linkedToGitHub }),
    })
    const response = await settle(
      manageLoader({
        request: new Request('http://portal.test/manage?dialog=account-settings', { headers: { Cookie: cookie } }),
        params: {},
        context: stub.context,
      }),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      dialog: { name: 'account-settings', data: { kind: 'settings', settings: linkedToGitHub } },
    })
    expect(stub.calls.find((c) => c.operation === 'accountSettings')).toEqual({
      operation: 'accountSettings',
      payload: {},
      credential: CREDENTIAL,
    })
  })

  it('shows the service’s error when the settings cannot be read', async () => {
    const cookie = await signedIn()
    const stub = stubLicensing({
      retrieveDetails: () => ({ result: detailsFor(GITA, { personal: true }) }),
      accountSettings: () => ({ error: 'UNEXPECTED' }),
    })
    const response = await settle(
      manageLoader({
        request: new Request('http://portal.test/manage?dialog=account-settings', { headers: { Cookie: cookie } }),
        params: {},
        context: stub.context,
      }),
    )
    expect(await response.json()).toMatchObject({
      dialog: { data: { kind: 'error', message: 'An unexpected error occurred.' } },
    })
  })
})

describe('Save (intent=account-settings)', () => {
  it('just closes when nothing changed', async () => {
    const { stub, response } = await save(
      [
        ['logonLink', 'default'],
        ['githubLinked', 'on'],
        ['renewalReminders', 'on'],
      ],
      {
        accountSettings: () => ({ result: linkedToGitHub }),
      },
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/manage')
    expect(stub.operations()).toEqual(['accountSettings'])
  })

  it('saves a changed policy and an unlinked GitHub, reads the settings again, then closes', async () => {
    const { stub, response } = await save(
      [
        ['logonLink', 'always'],
        ['renewalReminders', 'on'],
      ],
      {
        accountSettings: () => ({ result: linkedToGitHub }),
        updateAccountSettings: () => ({ result: { completed: true } }),
      },
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/manage')
    expect(stub.calls).toEqual([
      { operation: 'accountSettings', payload: {}, credential: CREDENTIAL },
      {
        operation: 'updateAccountSettings',
        payload: { logonLink: 'always', githubLinked: false, googleLinked: false, renewalReminders: true },
        credential: CREDENTIAL,
      },
      // Spec §7: "afterwards a call with no payload is made".
      { operation: 'accountSettings', payload: {}, credential: CREDENTIAL },
    ])
  })

  it('keeps "show inactive" when it closes', async () => {
    const { response } = await save(
      [
        ['logonLink', 'always'],
        ['githubLinked', 'on'],
        ['renewalReminders', 'on'],
      ],
      {
        accountSettings: () => ({ result: linkedToGitHub }),
        updateAccountSettings: () => ({ result: { completed: true } }),
      },
      'inactive=show&dialog=account-settings',
    )
    expect(response.headers.get('Location')).toBe('/manage?inactive=show')
  })

  it('never links a provider from the form: only Link does that', async () => {
    const { stub, response } = await save(
      [
        ['logonLink', 'default'],
        ['githubLinked', 'on'],
        ['googleLinked', 'on'],
        ['renewalReminders', 'on'],
      ],
      {
        accountSettings: () => ({ result: linkedToGitHub }),
      },
    )
    expect(response.status).toBe(302)
    expect(stub.operations()).toEqual(['accountSettings'])
  })

  it('shows the error and the draft when the update is refused', async () => {
    const { response } = await save(
      [
        ['logonLink', 'always'],
        ['githubLinked', 'on'],
        ['renewalReminders', 'on'],
      ],
      {
        accountSettings: () => ({ result: linkedToGitHub }),
        updateAccountSettings: () => ({ error: 'INVALID_AGE' }),
      },
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      intent: 'account-settings',
      message: 'Your session has expired.',
      draft: { logonLink: 'always', githubLinked: true, googleLinked: false, renewalReminders: true },
    })
  })

  it('turns the renewal reminders off when their checkbox is cleared', async () => {
    const { stub, response } = await save(
      [
        ['logonLink', 'default'],
        ['githubLinked', 'on'],
      ],
      {
        accountSettings: () => ({ result: linkedToGitHub }),
        updateAccountSettings: () => ({ result: { completed: true } }),
      },
    )
    expect(response.status).toBe(302)
    expect(stub.calls[1]).toEqual({
      operation: 'updateAccountSettings',
      payload: { logonLink: 'default', githubLinked: true, googleLinked: false, renewalReminders: false },
      credential: CREDENTIAL,
    })
  })

  it('refuses a policy the spec does not have', async () => {
    const { stub, response } = await save([['logonLink', 'never']], {})
    expect(response.status).toBe(400)
    expect(stub.calls).toEqual([])
  })
})

describe('Link (intent=link-account)', () => {
  it('asks the service for the provider address for the signed-in account and leaves for it', async () => {
    const cookie = await signedIn()
    const stub = stubLicensing({
      linkAccount: () => ({ result: { redirect: 'https://github.example/login/oauth?state=s1' } }),
    })
    const request = formRequest(
      'http://portal.test/manage?index&dialog=account-settings',
      [
        ['intent', 'link-account'],
        ['provider', 'google'],
      ],
      cookie,
    )
    const response = await settle(manageAction({ request, params: {}, context: stub.context }))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('https://github.example/login/oauth?state=s1')
    // A document redirect, so that script-driven navigation leaves the app for the provider's page.
    expect(response.headers.get('X-Remix-Reload-Document')).toBe('true')
    expect(stub.calls).toEqual([
      {
        operation: 'linkAccount',
        payload: { type: 'google', callback: 'http://portal.test/auth/google/' },
        credential: CREDENTIAL,
      },
    ])
  })

  it('refuses a provider other than GitHub and Google', async () => {
    const cookie = await signedIn()
    const stub = stubLicensing({})
    const request = formRequest(
      'http://portal.test/manage?index&dialog=account-settings',
      [
        ['intent', 'link-account'],
        ['provider', 'facebook'],
      ],
      cookie,
    )
    expect((await settle(manageAction({ request, params: {}, context: stub.context }))).status).toBe(400)
    expect(stub.calls).toEqual([])
  })

  it('shows the service’s refusal in the dialog', async () => {
    const cookie = await signedIn()
    const stub = stubLicensing({
      linkAccount: () => ({ error: 'UNEXPECTED' }),
      accountSettings: () => ({ result: linkedToGitHub }),
    })
    const request = formRequest(
      'http://portal.test/manage?index&dialog=account-settings',
      [
        ['intent', 'link-account'],
        ['provider', 'google'],
      ],
      cookie,
    )
    const response = await settle(manageAction({ request, params: {}, context: stub.context }))
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({
      intent: 'account-settings',
      message: 'An unexpected error occurred.',
      draft: linkedToGitHub,
    })
  })
})
