import { describe, expect, it } from 'vitest'
import { DEFAULT_ROLE } from '#app/rules/roles'
import { cannotAssign, renewalRefusals } from '#protocol/licenses/licenses'
import { demoRefs } from '../../demo/seed'
import { lastAdministrator } from '#protocol/permissions/roles'
import { makeSubscription } from '../support/subscriptions'
import { signedInFixture } from './recording-transport'

// A change on /manage reads only what it touches: the action sends the license's reference and lets the service
// check and refuse; it never reads the whole account, and the page it redirects to reads the windows it shows.
const { loader: manageLoader } = await import('#app/routes/manage')

const fixture = signedInFixture('carl@globex.test')
const { transport, post } = fixture

const holderOf = async (id: string) =>
  (await fixture.service.db.selectFrom('licenses').select('assigned_to').where('id', '=', id).executeTakeFirstOrThrow())
    .assigned_to

async function freeGlobexLicense() {
  const made = await makeSubscription(fixture.service.db, { now: Date.now(), companyId: 'globex', quantity: 1 })
  return made.licenseIds[0]
}

describe('Assign and Unassign read only the license they change', () => {
  it('assign sends the reference and nothing else is read; the redirect keeps the view and reads its windows', async () => {
    const license = await freeGlobexLicense()
    const { context, calls } = transport()
    const view = 'q-globex=wallaby&page-globex=2&inactive=show'
    const response = await post(
      view,
      [
        ['intent', 'assign'],
        ['license', license],
        ['owner', 'globex'],
        ['email', 'reads-one@globex.test'],
        ['assignedToBefore', ''],
      ],
      context,
    )
    expect(response.status).toBe(302)
    // Back at the row that changed (the fragment), with the page's view kept.
    expect(response.headers.get('location')).toBe(
      `/manage?q-globex=wallaby&page-globex=2&inactive=show#license-globex-${license}`,
    )
    expect(calls.map((c) => c.operation)).toEqual(['changeAssignment'])
    expect(calls[0].payload).toMatchObject({
      licenses: [{ id: license, owner: 'globex', assignedTo: 'reads-one@globex.test', assignedToBefore: '' }],
    })
    expect(await holderOf(license)).toBe('reads-one@globex.test')

    const page = transport()
    const location = `http://portal.test${response.headers.get('location')}`
    await manageLoader({
      request: new Request(location, { headers: { cookie: fixture.cookie } }),
      params: {},
      context: page.context,
    })
    const reads = page.calls.filter((c) => c.operation === 'retrieveDetails')
    expect(reads).toHaveLength(1)
    expect(reads[0].payload).toEqual({
      windows: [{ table: 'globex', page: 2, pageSize: 50, search: 'wallaby', filter: 'all' }],
    })

    const unassign = transport()
    const freed = await post(
      '',
      [
        ['intent', 'unassign'],
        ['license', license],
        ['owner', 'globex'],
        ['assignedToBefore', 'reads-one@globex.test'],
      ],
      unassign.context,
    )
    expect(freed.status).toBe(302)
    expect(unassign.calls.map((c) => c.operation)).toEqual(['changeAssignment'])
    expect(await holderOf(license)).toBe('')
  })

  it("maps the service's refusals: not there 404, not allowed 403, not assignable a message for the form", async () => {
    const license = await freeGlobexLicense()
    const assign = (owner: string, id = license) =>
      post(
        '',
        [
          ['intent', 'assign'],
          ['license', id],
          ['owner', owner],
          ['email', 'x@globex.test'],
        ],
        transport().context,
      )
    expect((await assign('acme')).status).toBe(404)
    expect((await assign('globex', 'no-such-license')).status).toBe(404)

    const acmeLicense = await fixture.service.db
      .selectFrom('licenses')
      .select('id')
      .where('owner', '=', 'acme')
      .where('subscription_id', 'is', null)
      .executeTakeFirstOrThrow()
    expect((await assign('acme', acmeLicense.id)).status).toBe(403)

    const enterprise = await fixture.service.db
      .updateTable('licenses')
      .set({ product_name: 'Wallaby.js Enterprise License' })
      .where('id', '=', license)
      .returning('id')
      .executeTakeFirstOrThrow()
    const refused = await assign('globex', enterprise.id)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ intent: 'assign', result: { error: { '': [cannotAssign] } } })
    expect(await holderOf(license)).toBe('')
  })
})

describe('Add and remove a permission read the company’s permission list, not the account', () => {
  const roleOf = async (email: string) =>
    (
      await fixture.service.db
        .selectFrom('company_permissions')
        .select('permissions')
        .where('company_id', '=', 'globex')
        .where('email', '=', email)
        .executeTakeFirst()
    )?.permissions

  /** Posts add-permission (with the default role) or remove-permission for one address of one company. */
  const permissionChange = (
    intent: 'add-permission' | 'remove-permission',
    company: string,
    email: string,
    search = '',
    context = transport().context,
  ) =>
    post(
      search,
      [
        ['intent', intent],
        ['company', company],
        ['email', email],
        ...(intent === 'add-permission' ? [['role', String(DEFAULT_ROLE)] as [string, string]] : []),
      ],
      context,
    )

  it('add then remove: only the permission list and the change are asked for; the redirects keep the view', async () => {
    const email = 'reads-role@globex.test'
    const add = transport()
    const added = await permissionChange(
      'add-permission',
      'globex',
      email,
      'q-globex=wallaby&dialog=add-permission&company=globex',
      add.context,
    )
    expect(added.status).toBe(302)
    expect(added.headers.get('location')).toBe('/manage?dialog=permissions&company=globex&q-globex=wallaby')
    expect(add.calls.map((c) => c.operation)).toEqual(['retrievePermissions', 'updatePermissions'])
    expect(await roleOf(email)).toBeDefined()

    const remove = transport()
    const removed = await permissionChange(
      'remove-permission',
      'globex',
      email,
      'q-globex=wallaby&dialog=permissions&company=globex',
      remove.context,
    )
    expect(removed.status).toBe(302)
    expect(removed.headers.get('location')).toBe('/manage?dialog=permissions&company=globex&q-globex=wallaby')
    expect(remove.calls.map((c) => c.operation)).toEqual(['retrievePermissions', 'updatePermissions'])
    expect(await roleOf(email)).toBeUndefined()
  })

  it('a company where the caller may not manage permissions is a 403; a removal rule shows its message', async () => {
    const forbiddenAdd = await permissionChange('add-permission', 'acme', 'nobody@acme.test')
    expect(forbiddenAdd.status).toBe(403)
    const forbiddenRemove = await permissionChange('remove-permission', 'acme', 'olivia@acme.test')
    expect(forbiddenRemove.status).toBe(403)

    // Carl is left the only administrator of Globex: removing himself is refused with the rule's own words.
    await fixture.service.db
      .updateTable('company_permissions')
      .set({ permissions: 'RESELLER' })
      .where('company_id', '=', 'globex')
      .where('email', '=', 'rita@reseller.test')
      .execute()
    try {
      const { context, calls } = transport()
      const refused = await permissionChange(
        'remove-permission',
        'globex',
        'carl@globex.test',
        'dialog=permissions&company=globex',
        context,
      )
      expect(refused.status).toBe(400)
      expect(await refused.json()).toEqual({
        intent: 'remove-permission',
        email: 'carl@globex.test',
        message: lastAdministrator,
      })
      expect(calls.map((c) => c.operation)).toEqual(['retrievePermissions'])
      expect(await roleOf('carl@globex.test')).toBe('ADMIN')
    } finally {
      await fixture.service.db
        .updateTable('company_permissions')
        .set({ permissions: 'ADMIN,RESELLER' })
        .where('company_id', '=', 'globex')
        .where('email', '=', 'rita@reseller.test')
        .execute()
    }
  })
})

describe('Renew reads only the license it renews', () => {
  const renew = (ref: { id: string; owner: string }, context = transport().context) =>
    post(
      '',
      [
        ['intent', 'renew'],
        ['license', JSON.stringify(ref)],
      ],
      context,
    )

  it('sends the reference to the renewal and goes to its checkout in the portal’s theme; nothing else is read', async () => {
    const bought = await fixture.service.db
      .selectFrom('licenses')
      .select(['id', 'owner'])
      .where('order_id', '=', demoRefs.orders.globexWallaby)
      .executeTakeFirstOrThrow()
    const { context, calls } = transport()
    const response = await renew(bought, context)
    // The catalog says whose page the checkout is: the sandbox's wears the portal's theme (dark until chosen).
    expect(calls.map((c) => c.operation)).toEqual(['renewal', 'catalog'])
    expect(calls[0].payload).toEqual({ ids: [bought] })
    expect(response.status).toBe(302)
    const checkout = new URL(response.headers.get('location')!, 'http://portal.test')
    expect(checkout.pathname).toBe('/sandbox/checkout')
    expect(checkout.searchParams.get('theme')).toBe('dark')
    expect(checkout.searchParams.get('link')).toBeTruthy()
  })

  it("maps the service's refusals: not there 404, not allowed 403, not renewable the service's reason", async () => {
    expect((await renew({ id: 'no-such-license', owner: 'globex' })).status).toBe(404)
    const acmeLicense = await fixture.service.db
      .selectFrom('licenses')
      .select(['id', 'owner'])
      .where('owner', '=', 'acme')
      .executeTakeFirstOrThrow()
    expect((await renew(acmeLicense)).status).toBe(403)

    const subscribed = { id: await freeGlobexLicense(), owner: 'globex' }
    const { context, calls } = transport()
    const refused = await renew(subscribed, context)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ intent: 'renew', license: subscribed, error: renewalRefusals.subscription })
    expect(calls.map((c) => c.operation)).toEqual(['renewal'])
  })
})

describe('The subscription changes confirmed in their dialog name the subscription and read nothing else', () => {
  const cancel = (subscription: string, search = '', context = transport().context) =>
    post(
      search,
      [
        ['intent', 'subscription-cancel'],
        ['subscription', subscription],
      ],
      context,
    )

  it('cancel sends the subscription id alone; the redirect keeps the view', async () => {
    const made = await makeSubscription(fixture.service.db, { now: Date.now(), companyId: 'globex', quantity: 1 })
    const { context, calls } = transport()
    const response = await cancel(made.id, 'q-globex=wallaby&page-globex=2', context)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/manage?q-globex=wallaby&page-globex=2#subscription-${made.id}`)
    expect(calls.map((c) => c.operation)).toEqual(['cancelSubscription'])
    expect(calls[0].payload).toEqual({ subscriptionId: made.id })
    const row = await fixture.service.db
      .selectFrom('subscriptions')
      .select('state')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow()
    expect(row.state).toBe('deleted')
  })

  it('a subscription not there, or of a company the caller is not in, is a 404', async () => {
    expect((await cancel('no-such-subscription')).status).toBe(404)
    const acme = await makeSubscription(fixture.service.db, { now: Date.now(), companyId: 'acme', quantity: 1 })
    const { context, calls } = transport()
    expect((await cancel(acme.id, '', context)).status).toBe(404)
    expect(calls.map((c) => c.operation)).toEqual(['cancelSubscription'])
  })
})
