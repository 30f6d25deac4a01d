import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { OperationName, Payload } from '../../protocol/operations.js'
import { demoRefs } from '../../demo/seed.js'
import { ServiceError } from '../dispatch/errors.js'
import { createTestService, signInAs } from '../../tests/support/service.js'

type Service = Awaited<ReturnType<typeof createTestService>>
let service: Service
let root: string
let olivia: string
let rita: string

async function ask<O extends OperationName>(op: O, payload: Payload<O>, credential?: string) {
  const answer = await service.call({ [op]: payload }, credential)
  return {
    status: answer.status,
    body: (answer.status === 200 ? answer.body[op] : answer.body) as Record<string, unknown>,
  }
}

const licenseExists = async (id: string) =>
  Boolean(await service.db.selectFrom('licenses').select('id').where('id', '=', id).executeTakeFirst())
const subscriptionExists = async (id: string) =>
  Boolean(await service.db.selectFrom('subscriptions').select('id').where('id', '=', id).executeTakeFirst())

beforeAll(async () => {
  service = await createTestService()
  root = await signInAs(service, 'root@vendor.test')
  olivia = await signInAs(service, 'olivia@acme.test')
  rita = await signInAs(service, 'rita@reseller.test')
})
afterAll(async () => {
  await service.close()
})

describe('authorization: only a platform administrator (spec §6)', () => {
  it.each([
    ['a Company Administrator', () => olivia],
    ['a Reseller Administrator', () => rita],
  ])('refuses all three to %s and changes nothing', async (_who, credential) => {
    const license = { id: demoRefs.licenses.acmeBundleAssigned, owner: 'acme' }
    expect(await ask('removeLicense', { ids: [license] }, credential())).toMatchObject({
      status: 500,
      body: { error: 'FORBIDDEN' },
    })
    expect(
      await ask('removeSubscription', { subscriptionId: demoRefs.subscriptions.acmePaused }, credential()),
    ).toMatchObject({
      status: 500,
      body: { error: 'FORBIDDEN' },
    })
    expect(await ask('mergeLicenses', { companyName: 'Taken Over' }, credential())).toMatchObject({
      status: 500,
      body: { error: 'FORBIDDEN' },
    })
    expect(await licenseExists(license.id)).toBe(true)
    expect(await subscriptionExists(demoRefs.subscriptions.acmePaused)).toBe(true)
    expect(await service.db.selectFrom('companies').select('id').where('name', '=', 'Taken Over').execute()).toEqual([])
  })

  it('refuses all three without a session', async () => {
    expect((await ask('removeLicense', { ids: [{ id: 'x', owner: 'y' }] })).body).toMatchObject({
      error: 'NOT_AUTHENTICATED',
    })
    expect((await ask('removeSubscription', { subscriptionId: 'x' })).body).toMatchObject({
      error: 'NOT_AUTHENTICATED',
    })
    expect((await ask('mergeLicenses', { companyName: 'X' })).body).toMatchObject({ error: 'NOT_AUTHENTICATED' })
  })
})

describe('removeLicense', () => {
  it('removes the licenses of any owner, with their activations', async () => {
    const ids = [
      { id: demoRefs.licenses.acmeBundleAssigned, owner: 'acme' },
      { id: demoRefs.licenses.patActivated, owner: 'pat@personal.test' },
    ]
    expect(await ask('removeLicense', { ids }, root)).toEqual({ status: 200, body: { completed: true } })
    expect(await licenseExists(ids[0].id)).toBe(false)
    expect(await licenseExists(ids[1].id)).toBe(false)
    const activations = await service.db
      .selectFrom('activations')
      .select('id')
      .where('license_id', '=', ids[1].id)
      .execute()
    expect(activations).toEqual([])
  })

  it('removes nothing when one id is unknown or has another owner', async () => {
    const good = { id: demoRefs.licenses.acmeBundleUnassigned, owner: 'acme' }
    expect((await ask('removeLicense', { ids: [good, { id: 'lic_none', owner: 'acme' }] }, root)).body).toMatchObject({
      error: 'NOT_FOUND',
    })
    expect(
      (await ask('removeLicense', { ids: [good, { id: demoRefs.licenses.gitaWallaby, owner: 'acme' }] }, root)).body,
    ).toMatchObject({
      error: 'NOT_FOUND',
    })
    expect(await licenseExists(good.id)).toBe(true)
  })

  it('refuses a bad payload', async () => {
    expect((await ask('removeLicense', { ids: [] }, root)).body).toMatchObject({ error: 'INVALID_PAYLOAD' })
    expect(
      (await ask('removeLicense', { ids: [{ id: 'x' }] } as unknown as Payload<'removeLicense'>, root)).body,
    ).toMatchObject({
      error: 'INVALID_PAYLOAD',
    })
  })
})

describe('removeSubscription', () => {
  it('removes the subscription and its licenses; its payments stay with the order', async () => {
    const id = demoRefs.subscriptions.acmeDeletedExpired
    const licenses = await service.db.selectFrom('licenses').select('id').where('subscription_id', '=', id).execute()
    const payments = await service.db.selectFrom('payments').select('id').where('subscription_id', '=', id).execute()
    expect(licenses.length).toBeGreaterThan(0)
    expect(await ask('removeSubscription', { subscriptionId: id }, root)).toEqual({
      status: 200,
      body: { completed: true },
    })
    expect(await subscriptionExists(id)).toBe(false)
    for (const l of licenses) expect(await licenseExists(l.id)).toBe(false)
    const kept = await service.db
      .selectFrom('payments')
      .select(['id', 'subscription_id'])
      .where(
        'id',
        'in',
        payments.map((p) => p.id),
      )
      .execute()
    expect(kept).toHaveLength(payments.length)
    expect(kept.every((p) => p.subscription_id === null)).toBe(true)
    const details = await ask('retrieveDetails', {}, olivia)
    const acme = (
      details.body.body as { companies: Array<{ id: string; subscriptions: Array<{ subscriptionId: string }> }> }
    ).companies[0]
    expect(acme.subscriptions.map((s) => s.subscriptionId)).not.toContain(id)
  })

  it('cancels a subscription that still bills at the payment provider before removing it', async () => {
    const id = demoRefs.subscriptions.acmeActiveRenewing
    const { provider_subscription_id: providerId } = await service.db
      .selectFrom('subscriptions')
      .select('provider_subscription_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const provider = service.context().adapters.payments!.provider
    expect((await provider.getSubscription(providerId!)).state).toBe('active')
    expect((await ask('removeSubscription', { subscriptionId: id }, root)).body).toEqual({ completed: true })
    expect(await subscriptionExists(id)).toBe(false)
    expect((await provider.getSubscription(providerId!)).state).toBe('deleted')
  })

  it('removes nothing when the payment provider refuses to cancel', async () => {
    const id = demoRefs.subscriptions.acmeMonthly
    const provider = service.context().adapters.payments!.provider
    const refuse = vi
      .spyOn(provider, 'cancelSubscription')
      .mockRejectedValue(new ServiceError('PROVIDER_ERROR', 'The payment provider is unavailable.'))
    try {
      expect((await ask('removeSubscription', { subscriptionId: id }, root)).body).toMatchObject({
        error: 'PROVIDER_ERROR',
      })
      expect(await subscriptionExists(id)).toBe(true)
    } finally {
      refuse.mockRestore()
    }
  })

  it('refuses an unknown subscription and a bad payload', async () => {
    expect((await ask('removeSubscription', { subscriptionId: 'sub_none' }, root)).body).toMatchObject({
      error: 'NOT_FOUND',
    })
    expect((await ask('removeSubscription', { subscriptionId: '' }, root)).body).toMatchObject({
      error: 'INVALID_PAYLOAD',
    })
  })
})

describe('mergeLicenses', () => {
  it('moves the licenses the account holds in its own name into a new company it administers', async () => {
    const fresh = await createTestService()
    try {
      const admin = await signInAs(fresh, 'root@vendor.test')
      const answer = await fresh.call({ mergeLicenses: { companyName: '  Root Holdings  ' } }, admin)
      expect(answer).toEqual({ status: 200, body: { mergeLicenses: { completed: true } } })
      const details = (await fresh.call({ retrieveDetails: {} }, admin)).body as {
        retrieveDetails: {
          body: {
            personal: { licenses: unknown[] }
            companies: Array<Record<string, unknown> & { licenses: Array<{ id: string; licenseType: string }> }>
          }
        }
      }
      const { personal, companies } = details.retrieveDetails.body
      expect(personal.licenses).toEqual([])
      const holdings = companies.find((c) => c.name === 'Root Holdings')
      expect(holdings).toMatchObject({ canAssign: true, canAddUsers: true, canAddResellers: false })
      expect(holdings?.licenses.map((l) => l.id).sort()).toEqual(
        [demoRefs.licenses.rootQuokka, demoRefs.licenses.rootWallaby].sort(),
      )
      expect(holdings?.licenses.every((l) => l.licenseType === 'company')).toBe(true)
      const orders = await fresh.db
        .selectFrom('orders')
        .select('owner')
        .where('id', '=', demoRefs.orders.rootWallaby)
        .executeTakeFirstOrThrow()
      expect(orders.owner).toBe(holdings?.id)

      // Nothing is left in the account's own name.
      expect((await fresh.call({ mergeLicenses: { companyName: 'Root Holdings' } }, admin)).body).toMatchObject({
        error: 'NOT_FOUND',
      })
    } finally {
      await fresh.close()
    }
  })

  it('joins an existing company of that name, compared case-insensitively', async () => {
    const fresh = await createTestService()
    try {
      const admin = await signInAs(fresh, 'root@vendor.test')
      expect((await fresh.call({ mergeLicenses: { companyName: 'vendor LABS' } }, admin)).status).toBe(200)
      const moved = await fresh.db
        .selectFrom('licenses')
        .select('owner')
        .where('id', '=', demoRefs.licenses.rootWallaby)
        .executeTakeFirstOrThrow()
      expect(moved.owner).toBe('vendor-labs')
      expect(await fresh.db.selectFrom('companies').select('id').where('name', '=', 'vendor LABS').execute()).toEqual(
        [],
      )
    } finally {
      await fresh.close()
    }
  })

  it('refuses a blank company name', async () => {
    expect((await ask('mergeLicenses', { companyName: '   ' }, root)).body).toMatchObject({ error: 'INVALID_PAYLOAD' })
    expect((await ask('mergeLicenses', {} as Payload<'mergeLicenses'>, root)).body).toMatchObject({
      error: 'INVALID_PAYLOAD',
    })
  })
})
