import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reclaimChanges } from '#app/rules/changes'
import { createTestService, signInAs } from '../support/service'
import { cookieFrom, removeDataDir, settle } from './account-stub'

// The Reclaim idle seats dialog through /manage: its loader and its two forms, answered by the real (test) service.
const { loader: manageLoader, action: manageAction } = await import('#app/routes/manage')
const { createUserSession } = await import('#app/utils/session.server')
const { takeFlash } = await import('#app/utils/flash.server')

let service: Awaited<ReturnType<typeof createTestService>>
const cookies = new Map<string, string>()
const context = {
  licensing: { call: (request: unknown, credential?: string, key?: string) => service.call(request, credential, key) },
} as unknown as AppLoadContext
const ADMIN = 'olivia@acme.test'
const MANAGER = 'max@acme.test'

beforeAll(async () => {
  service = await createTestService()
  for (const email of [ADMIN, MANAGER]) {
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

const open = (email: string) =>
  settle(
    manageLoader({
      request: new Request('http://portal.test/manage?dialog=reclaim&company=acme', {
        headers: { cookie: cookies.get(email)! },
      }),
      params: {},
      context,
    }),
  )

const post = (fields: Record<string, string>) =>
  settle(
    manageAction({
      request: new Request('http://portal.test/manage?dialog=reclaim&company=acme', {
        method: 'POST',
        body: new URLSearchParams({ company: 'acme', idempotencyKey: crypto.randomUUID(), ...fields }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', cookie: cookies.get(ADMIN)! },
      }),
      params: {},
      context,
    }),
  )

async function flashOf(response: Response) {
  const cookie = response.headers.get('Set-Cookie')!.split(';')[0]!
  return (await takeFlash(new Request('http://portal.test/', { headers: { cookie } }), ADMIN)).status?.message
}

describe('Reclaim idle seats on /manage', () => {
  it('an administrator turns the policy on and off, each change ending with its sentence; a manager gets a 404', async () => {
    expect((await open(MANAGER)).status).toBe(404)
    const opened = await open(ADMIN)
    expect(opened.status).toBe(200)
    const { dialog } = (await opened.json()) as { dialog: { data: { idleDays: number | null; reclaims: unknown[] } } }
    expect(dialog.data).toMatchObject({ idleDays: null, reclaims: [] })

    const on = await post({ intent: 'set-reclaim-policy', idleDays: '60', companyName: 'Acme Corp' })
    expect(on.status).toBe(302)
    expect(on.headers.get('Location')).toBe('/manage?dialog=reclaim&company=acme')
    expect(await flashOf(on)).toBe(reclaimChanges.policy('Acme Corp', 60))
    const again = await post({ intent: 'set-reclaim-policy', idleDays: '60', companyName: 'Acme Corp' })
    expect(await flashOf(again)).toBe(reclaimChanges.unchanged('Acme Corp'))
    const wrong = await post({ intent: 'set-reclaim-policy', idleDays: '45', companyName: 'Acme Corp' })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ message: 'Choose Off, 30, 60 or 90 days, then Save.' })
    const off = await post({ intent: 'set-reclaim-policy', idleDays: 'off', companyName: 'Acme Corp' })
    expect(await flashOf(off)).toBe(reclaimChanges.policy('Acme Corp', null))
  })

  it('undo gives the seat back; a seat taken since is a refusal in the dialog saying what to do', async () => {
    const seats = await service.db
      .selectFrom('licenses')
      .select(['id', 'assigned_to'])
      .where('owner', '=', 'acme')
      .where('subscription_id', 'is', null)
      .where('assigned_to', '<>', '')
      .where('expiration', '>', Date.now())
      .orderBy('id')
      .limit(2)
      .execute()
    const [first, second] = seats as [(typeof seats)[0], (typeof seats)[0]]
    const now = Date.now()
    await service.db.updateTable('licenses').set({ assigned_to: '' }).where('id', '=', first.id).execute()
    await service.db
      .updateTable('licenses')
      .set({ assigned_to: 'other@acme.test' })
      .where('id', '=', second.id)
      .execute()
    await service.db
      .insertInto('seat_reclaims')
      .values(
        [first, second].map((s, i) => ({
          id: `route-reclaim-${i}`,
          company_id: 'acme',
          license_id: s.id,
          holder: s.assigned_to,
          idle_days: 30,
          reclaimed_at: now - 1000,
          undone_at: null,
          undone_by: null,
        })),
      )
      .execute()
    const listed = (await (await open(ADMIN)).json()) as { dialog: { data: { reclaims: Array<{ id: string }> } } }
    expect(listed.dialog.data.reclaims.map((r) => r.id).sort()).toEqual(['route-reclaim-0', 'route-reclaim-1'])

    const undone = await post({
      intent: 'undo-reclaim',
      reclaim: 'route-reclaim-0',
      seat: 'Wallaby.js (order 1, key 1)',
    })
    expect(undone.status).toBe(302)
    expect(await flashOf(undone)).toBe(reclaimChanges.undone('Wallaby.js (order 1, key 1)', first.assigned_to))
    const holder = await service.db
      .selectFrom('licenses')
      .select('assigned_to')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow()
    expect(holder.assigned_to).toBe(first.assigned_to)

    const taken = await post({
      intent: 'undo-reclaim',
      reclaim: 'route-reclaim-1',
      seat: 'Wallaby.js (order 1, key 2)',
    })
    expect(taken.status).toBe(400)
    expect(await taken.json()).toEqual({
      intent: 'undo-reclaim',
      message: `The seat has been assigned to other@acme.test since it was reclaimed; to give ${second.assigned_to} a seat again, assign another free license to ${second.assigned_to} in the license table.`,
    })
  })
})
