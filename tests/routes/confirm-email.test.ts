import { afterAll, describe, expect, it } from 'vitest'
import { removeDataDir, settle, stubLicensing, type StubAnswer } from './account-stub'

const { loader } = await import('#app/routes/confirmEmail.$confirmation')
const { loader: indexLoader } = await import('#app/routes/confirmEmail._index')

afterAll(removeDataDir)

async function confirm(answer: StubAnswer, confirmation = 'tok.sig') {
  const stub = stubLicensing({ confirmEmailChange: () => answer })
  const request = new Request(`http://portal.test/confirmEmail/${confirmation}/`)
  const response = await settle(loader({ request, params: { confirmation }, context: stub.context }))
  return { stub, response, body: await response.json() }
}

describe('/confirmEmail/{confirmation}/', () => {
  it('confirms the change with the link’s token', async () => {
    const { stub, response, body } = await confirm({ result: { completed: true } })
    expect(response.status).toBe(200)
    expect(body).toEqual({ kind: 'confirmed' })
    expect(stub.calls).toEqual([
      { operation: 'confirmEmailChange', payload: { passthrough: 'tok.sig' }, credential: undefined },
    ])
  })

  it.each([
    ['INVALID_AGE', 'Your activation link has expired.', 400],
    ['INVALID_SIGNATURE', 'Your activation link is not valid.', 400],
    ['NO_USER', 'No email address found for this activation request.', 400],
    ['INVALID_REQUEST', 'The request seems to have already been processed; please try again.', 400],
    [
      'LINK_REPLACED',
      'This link no longer works: a newer change of email address was asked for, or the address changed since. Open the link in the most recent email, or sign in and ask for the change again.',
      400,
    ],
    ['UNEXPECTED', 'An unexpected error occurred.', 502],
  ] as const)('shows the error for %s', async (code, message, status) => {
    const { response, body } = await confirm({ error: code })
    expect(response.status).toBe(status)
    expect(body).toEqual({ kind: 'error', message })
  })
})

describe('/confirmEmail/', () => {
  it('is an invalid link', async () => {
    const response = await settle(Promise.resolve(indexLoader()))
    expect(response.status).toBe(400)
  })
})
