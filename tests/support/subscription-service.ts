// The subscription operation tests' fixture: a test service per file, its signed-in callers, subscriptions made to
// measure and the calls as the portal makes them. `startSubscriptionService` sets the bindings.
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import type { OperationName, Payload } from '../../protocol/operations.js'
import { signedBySandbox, updatedAlert } from './payments.js'
import { makeSubscription, type SubscriptionSpec } from './subscriptions.js'
import { createTestService, signInAs } from './service.js'

type Service = Awaited<ReturnType<typeof createTestService>>
export let service: Service
export let olivia: string
export let max: string
export let rita: string
export let pat: string

export const DAY = 24 * 60 * 60 * 1000
export const OFFER = { message: 'Extend for 12 months at 20% off', currency: 'USD', priceGross: 92.8, country: 'US' }

/** Starts the test service and signs its callers in before the file's tests; closes it after them. */
export function startSubscriptionService() {
  beforeAll(async () => {
    service = await createTestService()
    olivia = await signInAs(service, 'olivia@acme.test')
    max = await signInAs(service, 'max@acme.test')
    rita = await signInAs(service, 'rita@reseller.test')
    pat = await signInAs(service, 'pat@personal.test')
  })
  afterAll(async () => {
    await service.close()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })
}

export async function ask<O extends OperationName>(op: O, payload: Payload<O>, credential?: string) {
  const answer = await service.call({ [op]: payload }, credential)
  return {
    status: answer.status,
    body: (answer.status === 200 ? answer.body[op] : answer.body) as Record<string, unknown>,
  }
}

export const make = (spec: Omit<SubscriptionSpec, 'now'>) => makeSubscription(service.db, { now: Date.now(), ...spec })
export const sandboxRow = (providerId: string) =>
  service.db.selectFrom('sandbox_subscriptions').selectAll().where('id', '=', providerId).executeTakeFirst()

export type Op = 'cancel' | 'pause' | 'resume' | 'restart' | 'quantity' | 'upgrade' | 'specialOffer' | 'assign'

/** Calls the operation `op` names on the subscription, as Olivia (an administrator of its company). */
export async function run(op: Op, subscriptionId: string) {
  switch (op) {
    case 'cancel':
      return ask('cancelSubscription', { subscriptionId }, olivia)
    case 'pause':
    case 'resume':
    case 'restart':
      return ask('subscriptionPauseResume', { action: op, subscriptionId }, olivia)
    case 'quantity':
      return ask('subscriptionUpdateQuantity', { subscriptionId, quantity: 3 }, olivia)
    case 'upgrade':
      return ask('subscriptionUpgrade', { subscriptionId }, olivia)
    case 'specialOffer':
      return ask('specialOffer', { subscriptionId, country: 'US', price: OFFER.priceGross, alwaysAllow: false }, olivia)
    case 'assign':
      return ask('subscriptionAssign', { subscriptionId, emails: ['first@acme.test', 'newcomer@acme.test'] }, olivia)
  }
}

/** A `subscription_updated` alert as the sandbox would send it, signed with the sandbox's key. */
export function signedUpdate(providerId: string, fields: Record<string, string>) {
  return signedBySandbox(service.db, updatedAlert(providerId, fields))
}
