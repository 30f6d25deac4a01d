// The sign-in page and a mail budget or a newer link: past the address's budget the form says, in the service's
// words, when to ask again, with the address kept; a sign-in link a newer one replaced sends the browser to the
// sign-in page, which says so and offers a new link for its address.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestService, latestLink } from '../support/service'
import { formRequest, removeDataDir, settle, signInPageAfter } from './account-stub'

const { action: signInAction } = await import('#app/routes/_index')
const { loader: linkLoader } = await import('#app/routes/manage_.$')

let service: Awaited<ReturnType<typeof createTestService>>
const context = { licensing: { call: (request: unknown, credential?: string) => service.call(request, credential) } }

beforeAll(async () => {
  service = await createTestService({ env: { NODE_ENV: 'test', MAIL_PER_ADDRESS: '2' } })
})
afterAll(async () => {
  await service.close()
  removeDataDir()
})

const signInPage = (response: Response) => signInPageAfter(response, context)

const askForLink = async (email: string) => {
  const request = formRequest('http://portal.test/?index', [
    ['intent', 'link'],
    ['email', email],
  ])
  return signInPage(await settle(signInAction({ request, params: {}, context })))
}

it('a sign-in link a newer one replaced leads to the sign-in page saying so, with its address', async () => {
  expect(await askForLink('olivia@acme.test')).toMatchObject({ linkOutcome: { outcome: 'sent' } })
  const first = await latestLink(service, 'olivia@acme.test', 'http://portal.test/manage/')
  expect(await askForLink('olivia@acme.test')).toMatchObject({ linkOutcome: { outcome: 'sent' } })
  const passthrough = first.slice('http://portal.test/manage/'.length)
  const thrown = await linkLoader({
    request: new Request(first),
    params: { '*': passthrough },
    context,
  }).catch((e: unknown) => e)
  expect(await signInPage(thrown as Response)).toMatchObject({ linkRefused: 'replaced', email: 'olivia@acme.test' })
})

it('a sign-in link past the address’s mail budget is refused beside the form with when to ask again, the address kept', async () => {
  const refused = await askForLink('olivia@acme.test')
  expect(refused).toMatchObject({
    email: 'olivia@acme.test',
    linkOutcome: {
      outcome: 'limited',
      result: {
        error: {
          '': [
            'Several sign-in links were sent to olivia@acme.test in the last few minutes. Use the newest one, or ask for another in 15 minutes.' +
              ' (Outside production: MAIL_PER_ADDRESS allows 2 such mails per address in 15 minutes; set it higher in .env and restart the portal to allow more.)',
          ],
        },
      },
    },
  })
})
