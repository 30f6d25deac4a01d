// A request's session is read from the portal store once: the root's loader, the page's loader and the document's
// headers all ask for it (on PostgreSQL each read is a round trip).
import { afterAll, expect, it } from 'vitest'
import { cookieFrom, removeDataDir } from './account-stub'

const { createUserSession, getUser } = await import('#app/utils/session.server')
const { portalDb } = await import('#app/utils/portal-store.server')

afterAll(removeDataDir)

it('reads the store once per request, and again for the next request', async () => {
  const email = 'pat@personal.test'
  const started = await createUserSession(
    new Request('http://portal.test/'),
    { email, admin: false, credential: 'c' },
    '/',
  )
  const cookie = cookieFrom(started)
  const page = new Request('http://portal.test/manage', { headers: { Cookie: cookie } })
  expect(await getUser(page)).toMatchObject({ email })

  // Signed out elsewhere while the page is answered: this request goes on with what it read, the next one does not.
  await (await portalDb()).deleteFrom('portal_sessions').execute()
  expect(await getUser(page)).toMatchObject({ email })
  expect(await getUser(new Request('http://portal.test/manage', { headers: { Cookie: cookie } }))).toBeNull()
})
