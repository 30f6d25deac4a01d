import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEACTIVATION_BUDGET } from '#protocol/machines/machines'
import { demoRefs } from '../../demo/seed'
import { createTestService, signInAs } from '../support/service'
import { cookieFrom, removeDataDir, settle } from './account-stub'

// My machines through /manage: the dialogs' loaders and the deactivate action, answered by the real (test) service.
const { loader: manageLoader, action: manageAction } = await import('#app/routes/manage')
const { createUserSession } = await import('#app/utils/session.server')
const { takeFlash } = await import('#app/utils/flash.server')

let service: Awaited<ReturnType<typeof createTestService>>
const cookies = new Map<string, string>()
const context = {
  licensing: { call: (request: unknown, credential?: string, key?: string) => service.call(request, credential, key) },
} as unknown as AppLoadContext

beforeAll(async () => {
  service = await createTestService()
  for (const email of ['pat@personal.test', 'olivia@acme.test']) {
    const credential = await signInAs(service, email)
    cookies.set(
      email,
      cookieFrom(await createUserSession(new Request('http://portal.test/'), { email, admin: false, credential }, '/')),
    )
  }
})
afterAll(async () => {
  await service.close()
  removeDataDir()
})

const license = demoRefs.licenses.patActivated
const owner = 'pat@personal.test'

async function open(email: string, search: string) {
  const request = new Request(`http://portal.test/manage?${search}`, { headers: { cookie: cookies.get(email)! } })
  return settle(manageLoader({ request, params: {}, context }))
}

async function post(email: string, machine: string, idempotencyKey = crypto.randomUUID()) {
  const address = `http://portal.test/manage?dialog=deactivate-machine&license=${license}&owner=${owner}&machine=${machine}`
  const body = new URLSearchParams({
    intent: 'deactivate-machine',
    license,
    owner,
    machine,
    named: 'Bundle (order 1, key 1)',
    idempotencyKey,
  })
  return settle(
    manageAction({
      request: new Request(address, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', cookie: cookies.get(email)! },
      }),
      params: {},
      context,
    }),
  )
}

describe('My machines on /manage', () => {
  it('the holder sees the machines and deactivates one: back to the list with the sentence, a repeat does nothing twice', async () => {
    const list = await open(owner, `dialog=machines&license=${license}&owner=${owner}`)
    expect(list.status).toBe(200)
    const { dialog } = (await list.json()) as {
      dialog: { data: { machines: Array<{ key: string; hostname: string }>; mayDeactivate: boolean } }
    }
    expect(dialog.data.mayDeactivate).toBe(true)
    expect(dialog.data.machines.map((m) => m.hostname)).toEqual(['pat-laptop', 'pat-desktop', 'build-server'])
    const laptop = dialog.data.machines[0]!.key

    const confirm = await open(owner, `dialog=deactivate-machine&license=${license}&owner=${owner}&machine=${laptop}`)
    expect(confirm.status).toBe(200)

    const key = crypto.randomUUID()
    const done = await post(owner, laptop, key)
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe(
      `/manage?dialog=machines&license=${license}&owner=${encodeURIComponent(owner)}`,
    )
    const cookie = done.headers.get('Set-Cookie')!.split(';')[0]!
    const { status } = await takeFlash(new Request('http://portal.test/', { headers: { cookie } }), owner)
    expect(status?.message).toBe(
      'Deactivated Bundle (order 1, key 1) on the machine "pat-laptop": it can now be activated on another machine.',
    )
    // The same submission again (a retry, a second click without script): nothing more is spent.
    expect((await post(owner, laptop, key)).status).toBe(302)
    const spent = await service.db
      .selectFrom('activations')
      .select('id')
      .where('license_id', '=', license)
      .where('counted', '=', 1)
      .execute()
    expect(spent).toHaveLength(1)
  })

  it('refuses past the budget in the dialog, saying when the next one is possible', async () => {
    const now = Date.now()
    const ids = ['r1', 'r2', 'r3', 'r4'].map((h) => `act-route-${h}`)
    await service.db
      .insertInto('activations')
      .values(
        ids.map((id, i) => ({
          id,
          license_id: license,
          hostname: `route-${i}`,
          status: 'active' as const,
          requested_at: now,
          activation_time: now,
        })),
      )
      .execute()
    for (const id of ids.slice(0, DEACTIVATION_BUDGET - 1)) expect((await post(owner, id)).status).toBe(302)
    const refused = await post(owner, ids[3]!)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({
      intent: 'deactivate-machine',
      message: expect.stringMatching(
        /^This license's machines were deactivated 3 times in the last 30 days, the most allowed\. The next deactivation is possible on \w+ \d+, \d{4}\.$/,
      ),
    })
    const list = await open(owner, `dialog=machines&license=${license}&owner=${owner}`)
    const { dialog } = (await list.json()) as { dialog: { data: { budget: { nextAt: number | null } } } }
    expect(dialog.data.budget.nextAt).toBeGreaterThan(now)
  })

  it("another's license is a 404, the dialogs and the action alike", async () => {
    const [machine] = demoRefs.activations
    expect((await open('olivia@acme.test', `dialog=machines&license=${license}&owner=${owner}`)).status).toBe(404)
    expect(
      (await open('olivia@acme.test', `dialog=deactivate-machine&license=${license}&owner=${owner}&machine=${machine}`))
        .status,
    ).toBe(404)
    expect((await post('olivia@acme.test', machine!)).status).toBe(404)
  })
})
