import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed'
import { makeSubscription } from '../support/subscriptions'
import { formRequest, settle } from './account-stub'
import { openDialog, signedInCookie, signedInFixture } from './recording-transport'

// The platform administrator's removals read only what they remove, as every other change on /manage (see
// mutation-reads.test.ts): the form sends the reference and the service checks it.
const { action: manageAction } = await import('#app/routes/manage')

const fixture = signedInFixture('carl@globex.test')
const { transport, post } = fixture
const signedIn = (email: string, admin = false) => signedInCookie(fixture.service, email, admin)

describe('The administrator actions read nothing but what they change', () => {
  it('remove subscription sends the id alone; unknown is a 404; a non-administrator is refused before any call', async () => {
    const rootCookie = await signedIn('root@vendor.test', true)
    const remove = (subscription: string, context: AppLoadContext, as = rootCookie) =>
      settle(
        manageAction({
          request: formRequest(
            'http://portal.test/manage?index&page-personal=2',
            [
              ['intent', 'remove-subscription'],
              ['subscription', subscription],
            ],
            as,
          ),
          params: {},
          context,
        }),
      )
    const made = await makeSubscription(fixture.service.db, { now: Date.now(), companyId: 'globex', quantity: 1 })
    const { context, calls } = transport()
    const removed = await remove(made.id, context)
    expect(removed.status).toBe(302)
    expect(removed.headers.get('location')).toBe('/manage?page-personal=2')
    expect(calls.map((c) => c.operation)).toEqual(['removeSubscription'])
    const left = await fixture.service.db.selectFrom('subscriptions').select('id').where('id', '=', made.id).execute()
    expect(left).toEqual([])

    expect((await remove('no-such-subscription', transport().context)).status).toBe(404)
    const carl = transport()
    expect((await remove(made.id, carl.context, fixture.cookie)).status).toBe(404)
    expect(carl.calls).toEqual([])
  })

  it('remove license: the dialog reads that license alone; the form sends its reference, which the service checks', async () => {
    const rootCookie = await signedIn('root@vendor.test', true)
    const license = await fixture.service.db
      .selectFrom('licenses')
      .select(['id', 'owner', 'order_id', 'key_number'])
      .where('id', '=', demoRefs.licenses.rootQuokka)
      .executeTakeFirstOrThrow()
    const ref = { id: license.id, owner: license.owner }
    const dialogUrl = `http://portal.test/manage?dialog=remove-license&license=${ref.id}&owner=${encodeURIComponent(ref.owner)}`
    const opened = transport()
    const dialog = await openDialog(dialogUrl, rootCookie, opened.context)
    expect(dialog.status).toBe(200)
    expect(dialog.data).toMatchObject({
      license: { id: ref.id, owner: ref.owner, order: license.order_id, key: license.key_number, holder: ref.owner },
    })
    expect(opened.calls).toEqual([{ operation: 'retrieveLicenses', payload: { ids: [ref] } }])
    expect((await openDialog(`${dialogUrl}x`, rootCookie, transport().context)).status).toBe(404)
    // Someone who is not a platform administrator is not answered at all.
    const carl = transport()
    expect((await openDialog(dialogUrl, fixture.cookie, carl.context)).status).toBe(404)
    expect(carl.calls).toEqual([])

    const remove = (fields: Array<[string, string]>, context: AppLoadContext) =>
      settle(
        manageAction({
          request: formRequest(`${dialogUrl}&index`, [['intent', 'remove-license'], ...fields], rootCookie),
          params: {},
          context,
        }),
      )
    // A reference whose owner is not the license's is not there.
    const wrongOwner = transport()
    const refused = await remove(
      [
        ['license', ref.id],
        ['owner', 'globex'],
      ],
      wrongOwner.context,
    )
    expect(refused.status).toBe(404)
    expect(wrongOwner.calls.map((c) => c.operation)).toEqual(['removeLicense'])

    const { context, calls } = transport()
    const removed = await remove(
      [
        ['license', ref.id],
        ['owner', ref.owner],
      ],
      context,
    )
    expect(removed.status).toBe(302)
    expect(calls).toEqual([{ operation: 'removeLicense', payload: { ids: [ref] } }])
    expect(await fixture.service.db.selectFrom('licenses').select('id').where('id', '=', ref.id).execute()).toEqual([])
  })

  it('merge is answered only for an administrator, without reading the account', async () => {
    const { context, calls } = transport()
    const refused = await post(
      '',
      [
        ['intent', 'merge'],
        ['companyName', 'Reads Ltd'],
        ['stage', 'merge'],
      ],
      context,
    )
    expect(refused.status).toBe(404)
    expect(calls).toEqual([])
  })
})
