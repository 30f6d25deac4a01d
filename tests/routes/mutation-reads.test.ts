import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cannotAssign } from '#protocol/licenses'
import { makeSubscription } from '../../service/subscriptions/testing'
import { createTestService, signInAs } from '../../service/testing'
import { cookieFrom, formRequest, removeDataDir, settle } from './account-stub'

// A change on /manage reads only what it touches: the action sends the license's reference and lets the service
// check and refuse; it never reads the whole account, and the page it redirects to reads the windows it shows.
const { action: manageAction, loader: manageLoader } = await import('#app/routes/manage._index')
const { createUserSession } = await import('#app/utils/session.server')

let service: Awaited<ReturnType<typeof createTestService>>
let cookie = ''

beforeAll(async () => {
  service = await createTestService()
  const email = 'carl@globex.test'
  const credential = await signInAs(service, email)
  cookie = cookieFrom(
    await createUserSession(new Request('http://portal.test/'), { email, admin: false, credential }, '/manage'),
  )
})
afterAll(async () => {
  await service.close()
  removeDataDir()
})

/** The in-process transport, recording each operation and its payload. */
function transport() {
  const calls: { operation: string; payload: unknown }[] = []
  const context = {
    licensing: {
      async call(request: unknown, credential?: string, key?: string) {
        const [operation, payload] = Object.entries(request as object)[0]
        calls.push({ operation, payload })
        return service.call(request, credential, key)
      },
    },
  } as unknown as AppLoadContext
  return { context, calls }
}

const post = (search: string, fields: Array<[string, string]>, context: AppLoadContext) =>
  settle(
    manageAction({
      request: formRequest(`http://portal.test/manage?index&${search}`, fields, cookie),
      params: {},
      context,
    }),
  )

const holderOf = async (id: string) =>
  (await service.db.selectFrom('licenses').select('assigned_to').where('id', '=', id).executeTakeFirstOrThrow())
    .assigned_to

async function freeGlobexLicense() {
  const made = await makeSubscription(service.db, { now: Date.now(), companyId: 'globex', quantity: 1 })
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
    expect(response.headers.get('location')).toBe('/manage?q-globex=wallaby&page-globex=2&inactive=show')
    expect(calls.map((c) => c.operation)).toEqual(['changeAssignment'])
    expect(calls[0].payload).toMatchObject({
      licenses: [{ id: license, owner: 'globex', assignedTo: 'reads-one@globex.test', assignedToBefore: '' }],
    })
    expect(await holderOf(license)).toBe('reads-one@globex.test')

    const page = transport()
    const location = `http://portal.test${response.headers.get('location')}`
    await manageLoader({ request: new Request(location, { headers: { cookie } }), params: {}, context: page.context })
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

    const acmeLicense = await service.db
      .selectFrom('licenses')
      .select('id')
      .where('owner', '=', 'acme')
      .where('subscription_id', 'is', null)
      .executeTakeFirstOrThrow()
    expect((await assign('acme', acmeLicense.id)).status).toBe(403)

    const enterprise = await service.db
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
