// A sign-in link sent before its address changed: the change retires it. The page says so when the old address still
// holds something; when the change took everything, the link answers as §8 has it for NO_USER.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestService, latestLink, signInAs } from '../support/service'
import { formRequest, removeDataDir, settle, signInPageAfter } from './account-stub'
import { signedInCookie } from './recording-transport'

const { action: signInAction } = await import('#app/routes/_index')
const { loader: linkLoader } = await import('#app/routes/manage_.$')
const { sessionError } = await import('#app/rules/messages/session')
const { signInLinkRefused } = await import('#app/rules/messages/sign-in')

let service: Awaited<ReturnType<typeof createTestService>>
const context = { licensing: { call: (request: unknown, credential?: string) => service.call(request, credential) } }

beforeAll(async () => {
  service = await createTestService()
})
afterAll(async () => {
  await service.close()
  removeDataDir()
})

/** A sign-in link for `email`, asked for on the sign-in page. */
async function linkFor(email: string): Promise<string> {
  const request = formRequest('http://portal.test/?index', [
    ['intent', 'link'],
    ['email', email],
  ])
  await settle(signInAction({ request, params: {}, context }))
  return latestLink(service, email, 'http://portal.test/manage/')
}

/** Signed in as `from` (before the link is sent: a sign-in sends a newer link), changes its address to `to`. */
async function changeEmail(credential: string, to: string) {
  expect((await service.call({ transferLicenses: { transferTo: to } }, credential)).status).toBe(200)
  const confirmation = await latestLink(service, to, 'http://portal.test/confirmEmail/')
  const passthrough = confirmation.slice('http://portal.test/confirmEmail/'.length).replace(/\/$/, '')
  expect((await service.call({ confirmEmailChange: { passthrough } })).status).toBe(200)
}

const passthroughOf = (link: string) => link.slice('http://portal.test/manage/'.length)

const open = (link: string) =>
  settle(
    linkLoader({
      request: new Request(link),
      params: { '*': passthroughOf(link) },
      context,
    }),
  )

it('a link of an address that gave everything away by the change says there are no licenses for it (§8 NO_USER)', async () => {
  const pat = await signInAs(service, 'pat@personal.test')
  const link = await linkFor('pat@personal.test')
  await changeEmail(pat, 'pat.new@personal.test')

  const response = await open(link)
  expect(response.status).toBe(401)
  // The page's dialog for that code:
  expect(await response.json()).toEqual({ code: 'NO_USER' })
  expect(sessionError('NO_USER', 'support@portal.test')).toMatchObject({
    title: 'No Licenses Found',
    message: 'There are no licenses associated with your email address.',
  })
  // In a browser signed in already (as the new address), the old link is harmless: its Close would sign that out.
  const cookie = await signedInCookie(service, 'pat.new@personal.test')
  const signedIn = await settle(
    linkLoader({ request: new Request(link, { headers: { cookie } }), params: { '*': passthroughOf(link) }, context }),
  )
  expect(signedIn.headers.get('Location')).toBe('/manage')
})

it('a link of an address that still holds something says the change retired it, not that a newer one was sent', async () => {
  const pat = await signInAs(service, 'pat.new@personal.test')
  const link = await linkFor('pat.new@personal.test')
  await changeEmail(pat, 'pat.newer@personal.test')
  // Someone assigns a company seat to the old address after the change.
  const seat = await service.db
    .selectFrom('licenses')
    .select('id')
    .where('owner', '=', 'acme')
    .where('assigned_to', '=', '')
    .where('expiration', '>', Date.now())
    .executeTakeFirstOrThrow()
  await service.db
    .updateTable('licenses')
    .set({ assigned_to: 'pat.new@personal.test' })
    .where('id', '=', seat.id)
    .execute()

  const page = await signInPageAfter(await open(link), context)
  expect(page).toMatchObject({ linkRefused: 'retired', email: 'pat.new@personal.test' })
  expect(signInLinkRefused.retired.title).toBe('This sign-in link stopped working when the email address changed')
  expect(signInLinkRefused.retired.text).not.toMatch(/newer/)
})
