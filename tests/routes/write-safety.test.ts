import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bulkAssignmentChanged } from '#app/rules/messages/manage'
import { outcomeUnknown } from '#app/rules/messages/failures'
import { DEFAULT_ROLE } from '#app/rules/roles'
import { makeSubscription, snapshot } from '../support/subscriptions'
import { createTestService, signInAs } from '../support/service'
import { cookieFrom, formRequest, removeDataDir, settle } from './account-stub'

// Forms posted to the /manage action, answered by the real (test) service in process, as server.ts wires it. A short
// deadline for the calls (read with the portal's env, at the first call).
const TIMEOUT_MS = 1500
process.env.LICENSING_TIMEOUT_MS = String(TIMEOUT_MS)
const { action: manageAction } = await import('#app/routes/manage')
const { createUserSession } = await import('#app/utils/session.server')

let service: Awaited<ReturnType<typeof createTestService>>
const cookies = new Map<string, string>()

beforeAll(async () => {
  service = await createTestService()
  for (const email of ['carl@globex.test', 'olivia@acme.test']) {
    const credential = await signInAs(service, email)
    const session = await createUserSession(
      new Request('http://portal.test/'),
      { email, admin: false, credential },
      '/manage',
    )
    cookies.set(email, cookieFrom(session))
  }
})
afterAll(async () => {
  await service.close()
  removeDataDir()
})

type Call = { operation: string; key: string | undefined }

/**
 * The in-process transport, recording each call; `dropFirst` names an operation whose first answer is lost after the
 * service has carried the write out (the portal sees the call fail outright, as a dropped connection); `hangFirst`
 * one whose first call is never answered.
 */
function transport(dropFirst?: string, hangFirst?: string) {
  const calls: Call[] = []
  let dropped = false
  const context = {
    licensing: {
      async call(request: unknown, credential?: string, key?: string) {
        const operation = Object.keys(request as object)[0]
        calls.push({ operation, key })
        if (operation === hangFirst && calls.filter((c) => c.operation === operation).length === 1) {
          return new Promise<never>(() => {})
        }
        const answer = await service.call(request, credential, key)
        if (operation === dropFirst && !dropped) {
          dropped = true
          throw new Error('connection reset after the service answered')
        }
        return answer
      },
    },
  } as unknown as AppLoadContext
  return { context, calls: (operation: string) => calls.filter((c) => c.operation === operation) }
}

const post = (email: string, search: string, fields: Array<[string, string]>, context: AppLoadContext) =>
  settle(
    manageAction({
      request: formRequest(`http://portal.test/manage?index&${search}`, fields, cookies.get(email)),
      params: {},
      context,
    }),
  )

async function freeGlobexLicense() {
  const made = await makeSubscription(service.db, { now: Date.now(), companyId: 'globex', quantity: 1 })
  return made.licenseIds[0]
}

const holderOf = async (id: string) =>
  (await service.db.selectFrom('licenses').select('assigned_to').where('id', '=', id).executeTakeFirstOrThrow())
    .assigned_to

/** The Assign dialog's form as posted: the address, the holder the dialog showed, its idempotency key. */
const postAssign = (license: string, email: string, seen: string, key: string, context: AppLoadContext) =>
  post(
    'carl@globex.test',
    `dialog=assign&license=${license}`,
    [
      ['intent', 'assign'],
      ['license', license],
      ['owner', 'globex'],
      ['email', email],
      ['assignedToBefore', seen],
      ['idempotencyKey', key],
    ],
    context,
  )

describe('the Assign dialog is compare-and-set', () => {
  it('of 20 concurrent Assign posts for one free license one wins; the others are told who has it; one mail', async () => {
    const license = await freeGlobexLicense()
    const { context } = transport()
    const emails = Array.from({ length: 20 }, (_, i) => `portal-race-${i}@globex.test`)
    const responses = await Promise.all(
      emails.map((email, i) => postAssign(license, email, '', `race-key-${String(i).padStart(12, '0')}`, context)),
    )
    const winner = await holderOf(license)
    expect(emails).toContain(winner)
    expect(responses.filter((r) => r.status === 302)).toHaveLength(1)
    const refused = responses.filter((r) => r.status !== 302)
    expect(refused).toHaveLength(19)
    for (const response of refused) {
      expect(response.status).toBe(409)
      expect(await response.json()).toMatchObject({
        intent: 'assign',
        result: { error: { '': [`This license was just assigned to ${winner} by someone else.`] } },
      })
    }
    const mails = await service.db.selectFrom('mail_outbox').select('to').where('to', 'in', emails).execute()
    expect(mails).toEqual([{ to: winner }])
  })

  it('a stale Unassign or Assign is refused with the holder now, and changes nothing', async () => {
    const license = await freeGlobexLicense()
    const { context } = transport()
    await service.db.updateTable('licenses').set({ assigned_to: 'now@globex.test' }).where('id', '=', license).execute()
    const unassign = await post(
      'carl@globex.test',
      '',
      [
        ['intent', 'unassign'],
        ['license', license],
        ['owner', 'globex'],
        ['assignedToBefore', 'then@globex.test'],
      ],
      context,
    )
    expect(unassign.status).toBe(409)
    expect(await unassign.json()).toEqual({
      intent: 'unassign',
      license,
      message: 'This license was just assigned to now@globex.test by someone else.',
    })
    expect(await holderOf(license)).toBe('now@globex.test')

    await service.db.updateTable('licenses').set({ assigned_to: '' }).where('id', '=', license).execute()
    const assign = await postAssign(license, 'late@globex.test', 'now@globex.test', 'stale-assign-key-0001', context)
    expect(assign.status).toBe(409)
    expect(await assign.json()).toMatchObject({
      result: { error: { '': ['This license was just unassigned by someone else.'] } },
    })
    expect(await holderOf(license)).toBe('')
  })
})

describe('Bulk Assign is compare-and-set', () => {
  it('refuses an Update whose list started from holders that have changed since, and writes nothing', async () => {
    const { context, calls } = transport()
    const holders = () =>
      service.db.selectFrom('licenses').select(['id', 'assigned_to']).where('company_id', '=', 'globex').execute()
    const before = await holders()
    const response = await post(
      'carl@globex.test',
      'dialog=bulk-assign&company=globex&group=wallaby',
      [
        ['intent', 'bulk-assign'],
        ['company', 'globex'],
        ['group', 'wallaby'],
        ['emails', 'bulk-stale@globex.test'],
        ['stage', 'apply'],
        // The dialog was opened when no one held a Wallaby.js license of Globex.
        ['holdersBefore', ''],
        ['idempotencyKey', 'bulk-stale-key-0001'],
      ],
      context,
    )
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({
      intent: 'bulk-assign',
      result: { error: { '': [bulkAssignmentChanged] } },
    })
    expect(bulkAssignmentChanged).toBe(
      'Someone else just changed who holds these licenses. Review the list and update again.',
    )
    expect(calls('changeAssignment')).toEqual([])
    expect(await holders()).toEqual(before)
  })
})

describe('a write whose first answer is lost is retried with its key and answered as the first attempt', () => {
  it('add permission: the user sees success; one permission row, one mail', async () => {
    const { context, calls } = transport('updatePermissions')
    const email = 'lost-answer@globex.test'
    const response = await post(
      'carl@globex.test',
      'dialog=add-permission&company=globex',
      [
        ['intent', 'add-permission'],
        ['company', 'globex'],
        ['email', email],
        ['role', String(DEFAULT_ROLE)],
        ['sendEmail', 'on'],
        ['idempotencyKey', 'add-permission-key-0001'],
      ],
      context,
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toContain('dialog=permissions')
    expect(calls('updatePermissions')).toEqual([
      { operation: 'updatePermissions', key: 'add-permission-key-0001' },
      { operation: 'updatePermissions', key: 'add-permission-key-0001' },
    ])
    const rows = await service.db.selectFrom('company_permissions').selectAll().where('email', '=', email).execute()
    expect(rows).toHaveLength(1)
    expect(await service.db.selectFrom('mail_outbox').select('id').where('to', '=', email).execute()).toHaveLength(1)
  })

  it('extension offer: the user sees success; the customer is charged once and the licenses extended once', async () => {
    const sub = await makeSubscription(service.db, {
      now: Date.now(),
      specialOffer: { message: 'Extend', currency: 'USD', priceGross: 92.8, country: 'US' },
    })
    const before = await snapshot(service.db, sub.id)
    const { context, calls } = transport('specialOffer')
    const response = await post(
      'olivia@acme.test',
      `dialog=subscription-offer&subscription=${sub.id}`,
      [
        ['intent', 'subscription-offer'],
        ['subscription', sub.id],
        ['price', '92.8'],
        ['country', 'US'],
      ],
      context,
    )
    expect(response.status).toBe(302)
    const [first, retry] = calls('specialOffer')
    expect(retry.key).toBe(first.key)
    expect(first.key).toMatch(/^[0-9a-f-]{36}$/)
    const charges = await service.db
      .selectFrom('sandbox_payments')
      .select('amount')
      .where('subscription_id', '=', sub.providerId)
      .execute()
    expect(charges.filter((c) => Number(c.amount) === 92.8)).toHaveLength(1)
    const after = await snapshot(service.db, sub.id)
    const YEAR = 365 * 24 * 60 * 60 * 1000
    const moved = Number(after.licenses[0].expiration) - Number(before.licenses[0].expiration)
    expect(moved).toBeGreaterThanOrEqual(YEAR)
    expect(moved).toBeLessThan(2 * YEAR)
  })

  it('assign: a first call that never answers is given up at the deadline, its outcome said to be unknown; the form sent again assigns once', async () => {
    const license = await freeGlobexLicense()
    const { context, calls } = transport(undefined, 'changeAssignment')
    const started = Date.now()
    const response = await postAssign(license, 'slow@globex.test', '', 'hang-key-00000001', context)
    const took = Date.now() - started
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
    expect(took).toBeLessThan(TIMEOUT_MS + 1000)
    expect(response.status).not.toBe(302)
    expect(await response.text()).toContain(outcomeUnknown)
    expect(calls('changeAssignment').map((c) => c.key)).toEqual(['hang-key-00000001'])
    expect(await holderOf(license)).toBe('')

    const again = await postAssign(license, 'slow@globex.test', '', 'hang-key-00000001', context)
    expect(again.status).toBe(302)
    expect(calls('changeAssignment').map((c) => c.key)).toEqual(['hang-key-00000001', 'hang-key-00000001'])
    expect(await holderOf(license)).toBe('slow@globex.test')
  })
})
