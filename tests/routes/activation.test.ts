import { afterAll, describe, expect, it } from 'vitest'
import { formRequest, removeDataDir, settle, stubLicensing, type StubAnswer } from './account-stub'

const route = await import('#app/routes/activate.$activation')
const { loader: indexLoader } = await import('#app/routes/activate._index')

afterAll(removeDataDir)

const TOKEN = 'act.sig'
const URL_ = `http://portal.test/activate/${TOKEN}`
const threeMachines = [
  { key: 'act-1', hostname: 'pat-laptop', activationTime: Date.UTC(2025, 0, 1, 9, 30) },
  { key: 'act-2', hostname: 'pat-desktop', activationTime: Date.UTC(2025, 1, 1, 14, 5) },
  { key: 'act-3', hostname: 'build-server', activationTime: Date.UTC(2025, 2, 1, 23, 59) },
]

async function open(answer: StubAnswer) {
  const stub = stubLicensing({ confirmActivation: () => answer })
  const response = await settle(
    route.loader({ request: new Request(URL_), params: { activation: TOKEN }, context: stub.context }),
  )
  return { stub, response, body: await response.json() }
}

describe('/activate/{activation}', () => {
  it('confirms the activation by itself', async () => {
    const { stub, response, body } = await open({ result: { completed: true } })
    expect(response.status).toBe(200)
    expect(body).toEqual({ kind: 'confirmed' })
    expect(stub.calls).toEqual([
      { operation: 'confirmActivation', payload: { passthrough: TOKEN, deactivate: [] }, credential: undefined },
    ])
  })

  it('shows ALREADY_ACTIVATED as success', async () => {
    const { response, body } = await open({ error: 'ALREADY_ACTIVATED' })
    expect(response.status).toBe(200)
    expect(body).toEqual({ kind: 'confirmed' })
  })

  it('lists the machines when the license is already in use in 3 locations', async () => {
    const { response, body } = await open({ result: { activations: threeMachines } })
    expect(response.status).toBe(200)
    expect(body).toEqual({ kind: 'tooMany', activations: threeMachines })
  })

  it.each([
    ['INVALID_AGE', 'Your activation link has expired.', 400],
    ['INVALID_SIGNATURE', 'Your activation link is not valid.', 400],
    ['NO_USER', 'No email address found for this activation request.', 400],
    ['NO_ACTIVATION', 'No pending activations found for your activation link.', 400],
    ['INVALID_REQUEST', 'An unexpected error occurred.', 502],
    ['UNEXPECTED', 'An unexpected error occurred.', 502],
  ] as const)('shows the error for %s', async (code, message, status) => {
    const { response, body } = await open({ error: code })
    expect(response.status).toBe(status)
    expect(body).toEqual({ kind: 'error', message })
  })
})

describe('Proceed', () => {
  it('deactivates the chosen machines and confirms', async () => {
    const stub = stubLicensing({ confirmActivation: () => ({ result: { completed: true } }) })
    const request = formRequest(URL_, [
      ['deactivate', 'act-1'],
      ['deactivate', 'act-3'],
    ])
    const response = await settle(route.action({ request, params: { activation: TOKEN }, context: stub.context }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ kind: 'confirmed' })
    expect(stub.calls).toEqual([
      {
        operation: 'confirmActivation',
        payload: { passthrough: TOKEN, deactivate: ['act-1', 'act-3'] },
        credential: undefined,
      },
    ])
  })

  it('asks for a choice when none was made, without calling the service', async () => {
    const stub = stubLicensing({})
    const response = await settle(
      route.action({ request: formRequest(URL_, []), params: { activation: TOKEN }, context: stub.context }),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ kind: 'invalid', message: route.chooseActivationMessage })
    expect(stub.calls).toEqual([])
  })

  it('lists the machines again when the service still finds too many', async () => {
    const stub = stubLicensing({ confirmActivation: () => ({ result: { activations: threeMachines.slice(1) } }) })
    const request = formRequest(URL_, [['deactivate', 'unknown']])
    const response = await settle(route.action({ request, params: { activation: TOKEN }, context: stub.context }))
    expect(await response.json()).toEqual({ kind: 'tooMany', activations: threeMachines.slice(1) })
  })
})

describe('/activate/', () => {
  it('is an invalid link', async () => {
    const response = await settle(Promise.resolve(indexLoader()))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'Your activation link is not valid.' })
  })
})
