import { describe, expect, it } from 'vitest'
import { makeSubscription } from '../support/subscriptions'
import { signedInCookie, signedInFixture } from './recording-transport'
import { settle } from './account-stub'

// Every change on /manage ends with a sentence carried by a flash cookie across the redirect (so that it is said
// without script too): read once, by the account it was said to, and a dialog link about something no longer there
// is the page with a notice rather than "Page not found".
const { loader: manageLoader } = await import('#app/routes/manage')

const fixture = signedInFixture('carl@globex.test')
const { transport, post } = fixture

type PageData = { status: { tone: string; message: string; target?: string; undo?: { intent: string } } | null }

/** The page the redirect leads to, loaded with the session and the cookies the action set. */
async function follow(location: string, cookies: string[], session = fixture.cookie) {
  const flash = cookies.map((c) => c.split(';')[0]).join('; ')
  const response = await settle(
    manageLoader({
      request: new Request(`http://portal.test${location}`, { headers: { cookie: `${session}; ${flash}` } }),
      params: {},
      context: transport().context,
    }),
  )
  return { response, data: (await response.json()) as PageData }
}

describe('the sentence after a change', () => {
  it('Unassign says what it did and offers Undo; the page says it once, and only to the account it was said to', async () => {
    const made = await makeSubscription(fixture.service.db, { now: Date.now(), companyId: 'globex', quantity: 1 })
    const license = made.licenseIds[0]
    await fixture.service.db
      .updateTable('licenses')
      .set({ assigned_to: 'held@globex.test' })
      .where('id', '=', license)
      .execute()
    const response = await post(
      '',
      [
        ['intent', 'unassign'],
        ['license', license],
        ['owner', 'globex'],
        ['assignedToBefore', 'held@globex.test'],
        ['named', 'Wallaby.js (order 1, key 1)'],
      ],
      transport().context,
    )
    expect(response.status).toBe(302)
    const location = response.headers.get('location')!
    expect(location).toBe(`/manage#license-globex-${license}`)
    const cookies = response.headers.getSetCookie()
    expect(cookies.some((c) => c.startsWith('__flash='))).toBe(true)

    const { response: page, data } = await follow(location.replace(/#.*/, ''), cookies)
    expect(data.status).toMatchObject({
      tone: 'done',
      message: 'Unassigned Wallaby.js (order 1, key 1) from held@globex.test.',
      target: `license-globex-${license}`,
      undo: { intent: 'undo-unassign' },
    })
    // Said once: the page ends the flash as it reads it.
    expect(page.headers.getSetCookie().some((c) => c.startsWith('__flash=;') && /Max-Age=0/i.test(c))).toBe(true)

    // Another account signed in on the same browser is never told someone else's change.
    const other = await signedInCookie(fixture.service, 'olivia@acme.test')
    expect((await follow('/manage', cookies, other)).data.status).toBeNull()
  })

  it('a refused Undo says why and changes nothing', async () => {
    const made = await makeSubscription(fixture.service.db, { now: Date.now(), companyId: 'globex', quantity: 1 })
    const license = made.licenseIds[0]
    await fixture.service.db
      .updateTable('licenses')
      .set({ assigned_to: 'taken@globex.test' })
      .where('id', '=', license)
      .execute()
    const response = await post(
      '',
      [
        ['intent', 'undo-unassign'],
        ['license', license],
        ['owner', 'globex'],
        ['email', 'before@globex.test'],
        ['assignedToBefore', ''],
      ],
      transport().context,
    )
    expect(response.status).toBe(302)
    const { data } = await follow('/manage', response.headers.getSetCookie())
    expect(data.status?.tone).toBe('refused')
    expect(data.status?.message).toMatch(/^Not undone: .*taken@globex\.test/)
    const row = await fixture.service.db
      .selectFrom('licenses')
      .select('assigned_to')
      .where('id', '=', license)
      .executeTakeFirstOrThrow()
    expect(row.assigned_to).toBe('taken@globex.test')
  })
})

describe('a dialog link about something no longer there', () => {
  it('is the page (status 404) with a notice that says so, not "Page not found"', async () => {
    const { response, data } = await follow('/manage?dialog=assign&license=gone&owner=globex', [])
    expect(response.status).toBe(404)
    expect(data.status).toMatchObject({ tone: 'notice' })
    expect(data.status?.message).toMatch(/^The license that link is about is no longer in your account/)
  })
})
