import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AssignDialogData,
  SubscriptionActionData,
  SubscriptionDialogData,
} from '#app/routes/__manage/subscriptions/subscriptions.server'
import { makeSubscription } from '../support/subscriptions'
import { createTestService } from '../support/service'
import { formRequest, removeDataDir, settle } from './account-stub'
import { openDialog, recordingTransport, signedInCookie } from './recording-transport'

// A subscription's dialogs and forms (change quantity, manage assignments, the confirmations, Remove subscription)
// read that subscription alone — its licenses and the user's role in its company — never the whole account.
const { action: manageAction } = await import('#app/routes/manage')

let service: Awaited<ReturnType<typeof createTestService>>
const cookies = new Map<string, string>()

beforeAll(async () => {
  service = await createTestService()
  cookies.set('carl@globex.test', await signedInCookie(service, 'carl@globex.test'))
  cookies.set('root@vendor.test', await signedInCookie(service, 'root@vendor.test', true))
})
afterAll(async () => {
  await service.close()
  removeDataDir()
})

const carl = () => cookies.get('carl@globex.test')!
const transport = () => recordingTransport(service)
const subscriptionRead = (subscriptionId: string) => ({
  operation: 'retrieveLicenses',
  payload: { subscriptionId, ids: [] },
})
const post = (search: string, fields: Array<[string, string]>, context: AppLoadContext) =>
  settle(
    manageAction({
      request: formRequest(`http://portal.test/manage?index&${search}`, fields, carl()),
      params: {},
      context,
    }),
  )

describe('Change quantity', () => {
  it('the dialog and the form read the subscription alone, then the service changes it', async () => {
    const made = await makeSubscription(service.db, { now: Date.now(), companyId: 'globex', quantity: 2 })
    const search = `dialog=subscription-quantity&subscription=${made.id}`
    const opened = transport()
    const dialog = await openDialog(`http://portal.test/manage?${search}`, carl(), opened.context)
    expect(dialog.status).toBe(200)
    expect(dialog.data).toMatchObject({ subscription: { subscriptionId: made.id, quantity: 2 }, companyName: 'Globex' })
    expect((dialog.data as SubscriptionDialogData).refusal).toBeUndefined()
    expect(opened.calls).toEqual([subscriptionRead(made.id)])

    const fields: Array<[string, string]> = [
      ['intent', 'subscription-quantity'],
      ['subscription', made.id],
      ['quantity', '3'],
      ['stage', 'apply'],
      ['idempotencyKey', 'quantity-reads-key-0001'],
    ]
    // Money is shown before it moves: a number whose price the dialog did not show is priced, not changed.
    const unpriced = transport()
    const review = await post(search, fields, unpriced.context)
    expect(review.status).toBe(200)
    expect(unpriced.calls.map((c) => c.operation)).toEqual(['retrieveLicenses', 'subscriptionPreview'])
    const reviewed = (await review.json()) as SubscriptionActionData
    expect(reviewed).toMatchObject({ reviewed: true, priced: { quantity: 3, preview: { immediatePayment: {} } } })
    expect(reviewed.priced?.preview?.immediatePayment?.amount).toBeGreaterThan(0)

    // With script the number typed goes into the URL, and the dialog shows its price.
    const priced = await openDialog(`http://portal.test/manage?${search}&quantity=3`, carl(), transport().context)
    expect(priced.data).toMatchObject({
      previewed: 3,
      preview: { immediatePayment: { amount: reviewed.priced?.preview?.immediatePayment?.amount } },
    })

    const { context, calls } = transport()
    const response = await post(search, [...fields, ['previewed', '3']], context)
    expect(calls.map((c) => c.operation)).toEqual(['retrieveLicenses', 'subscriptionUpdateQuantity'])
    expect(calls[0]).toEqual(subscriptionRead(made.id))
    expect(response.status).toBe(302)
    const row = await service.db
      .selectFrom('subscriptions')
      .select('quantity')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow()
    expect(row.quantity).toBe(3)
  })

  it('a subscription not there, or of a company the user holds no role in, is a 404', async () => {
    const acme = await makeSubscription(service.db, { now: Date.now(), companyId: 'acme', quantity: 1 })
    for (const id of [acme.id, 'no-such-subscription']) {
      const dialog = await openDialog(
        `http://portal.test/manage?dialog=subscription-quantity&subscription=${id}`,
        carl(),
        transport().context,
      )
      expect(dialog.status).toBe(404)
      const { context, calls } = transport()
      const fields: Array<[string, string]> = [
        ['intent', 'subscription-quantity'],
        ['subscription', id],
        ['quantity', '3'],
      ]
      expect((await post('', fields, context)).status).toBe(404)
      expect(calls).toEqual([subscriptionRead(id)])
    }
  })
})

describe('Manage assignments', () => {
  it("the dialog and the form read the subscription alone; the holders' list is the subscription's", async () => {
    const made = await makeSubscription(service.db, {
      now: Date.now(),
      companyId: 'globex',
      seats: [{ assignedTo: 'first@globex.test' }, {}],
    })
    const search = `dialog=subscription-assign&subscription=${made.id}`
    const opened = transport()
    const dialog = await openDialog(`http://portal.test/manage?${search}`, carl(), opened.context)
    expect(dialog.status).toBe(200)
    expect((dialog.data as AssignDialogData).emails).toBe('first@globex.test')
    expect(opened.calls).toEqual([subscriptionRead(made.id)])

    const fields = (stage: string): Array<[string, string]> => [
      ['intent', 'subscription-assign'],
      ['subscription', made.id],
      ['emails', 'first@globex.test\nsecond@globex.test'],
      ['stage', stage],
      ['idempotencyKey', `assign-reads-key-${stage}-0001`],
    ]
    const preview = transport()
    const previewed = await post(search, fields('preview'), preview.context)
    expect(previewed.status).toBe(200)
    expect(await previewed.json()).toMatchObject({ reviewed: true, summary: expect.stringMatching(/assigned/) })
    expect(preview.calls).toEqual([subscriptionRead(made.id)])

    const apply = transport()
    const applied = await post(search, fields('apply'), apply.context)
    expect(applied.status).toBe(302)
    expect(apply.calls.map((c) => c.operation)).toEqual(['retrieveLicenses', 'subscriptionAssign'])
    const holders = await service.db
      .selectFrom('licenses')
      .select('assigned_to')
      .where('subscription_id', '=', made.id)
      .orderBy('assigned_to')
      .execute()
    expect(holders.map((h) => h.assigned_to)).toEqual(['first@globex.test', 'second@globex.test'])
  })
})

describe('The other subscription dialogs', () => {
  it('each reads the subscription alone', async () => {
    const made = await makeSubscription(service.db, { now: Date.now(), companyId: 'globex', quantity: 1 })
    for (const name of ['cancel', 'pause', 'upgrade', 'receipts', 'offer']) {
      const { context, calls } = transport()
      const dialog = await openDialog(
        `http://portal.test/manage?dialog=subscription-${name}&subscription=${made.id}`,
        carl(),
        context,
      )
      expect(dialog.status, name).toBe(200)
      expect(calls[0], name).toEqual(subscriptionRead(made.id))
      expect(
        calls.filter((c) => c.operation === 'retrieveDetails'),
        name,
      ).toEqual([])
    }
  })

  it("Remove subscription's dialog reads the subscription alone, for a platform administrator only", async () => {
    const made = await makeSubscription(service.db, { now: Date.now(), companyId: 'vendor-labs', quantity: 1 })
    const url = `http://portal.test/manage?dialog=remove-subscription&subscription=${made.id}`
    const { context, calls } = transport()
    const dialog = await openDialog(url, cookies.get('root@vendor.test')!, context)
    expect(dialog.status).toBe(200)
    expect(dialog.data).toMatchObject({ subscription: { id: made.id, title: expect.stringMatching(/, 1 seat$/) } })
    expect(calls).toEqual([subscriptionRead(made.id)])
    const notAdministrator = transport()
    expect((await openDialog(url, carl(), notAdministrator.context)).status).toBe(404)
    expect(notAdministrator.calls).toEqual([])
  })
})
