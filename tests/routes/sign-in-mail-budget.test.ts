// The sign-in form when the address's mail budget is spent: the service's message, with when to try again, beside the
// form, and the address kept in its field.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestService } from '../support/service'
import { formRequest, removeDataDir, settle } from './account-stub'

const { action: signInAction } = await import('#app/routes/_index')

let service: Awaited<ReturnType<typeof createTestService>>
const context = { licensing: { call: (request: unknown, credential?: string) => service.call(request, credential) } }

beforeAll(async () => {
  service = await createTestService({ env: { NODE_ENV: 'test', MAIL_PER_ADDRESS: '2' } })
})
afterAll(async () => {
  await service.close()
  removeDataDir()
})

const askForLink = async (email: string) => {
  const request = formRequest('http://portal.test/?index', [
    ['intent', 'link'],
    ['email', email],
  ])
  const response = await settle(signInAction({ request, params: {}, context }))
  return { status: response.status, data: await response.json() }
}

it('a sign-in link past the address’s mail budget is refused beside the form with when to ask again, the address kept', async () => {
  expect((await askForLink('olivia@acme.test')).data).toMatchObject({ outcome: 'sent' })
  expect((await askForLink('olivia@acme.test')).data).toMatchObject({ outcome: 'sent' })
  const refused = await askForLink('olivia@acme.test')
  expect(refused.status).toBe(429)
  expect(refused.data).toMatchObject({
    kind: 'link',
    outcome: 'error',
    email: 'olivia@acme.test',
    result: {
      error: {
        '': [
          'Several sign-in links were sent to olivia@acme.test in the last few minutes. Use the newest one, or ask for another in 15 minutes.',
        ],
      },
    },
  })
})
