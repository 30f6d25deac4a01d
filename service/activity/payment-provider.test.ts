import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  checkoutId,
  createPaymentsTestService,
  purchaseAlerts,
  type TestService,
} from '../../tests/support/payments.js'
import { handleWebhookAlert } from '../payments/webhooks.js'

let service: TestService
beforeAll(async () => {
  service = await createPaymentsTestService()
})
afterAll(async () => {
  await service.close()
})

const deliver = (fields: Record<string, string>) => handleWebhookAlert(service.sign(fields), service.context())

it('a purchase alert writes one entry by "payment provider" in the new company\'s log, once however often it comes', async () => {
  const checkout = checkoutId()
  const { created, paid } = purchaseAlerts({
    checkoutId: checkout,
    subscriptionId: `log-${checkout}`,
    planId: 'wallaby-organization-year',
    quantity: 3,
    email: 'buyer@logco.test',
    passthrough: { name: 'LogCo' },
  })
  await deliver(created)
  await deliver(paid)
  await deliver(created)
  const order = await service.db
    .selectFrom('orders')
    .select(['id', 'company_id'])
    .where('provider_checkout_id', '=', checkout)
    .executeTakeFirstOrThrow()
  const entries = await service.db
    .selectFrom('activity_entries')
    .selectAll()
    .where('company_id', '=', order.company_id)
    .execute()
  expect(entries).toHaveLength(1)
  expect(entries[0]).toMatchObject({ kind: 'subscription', actor: 'payment provider' })
  expect(entries[0].summary).toMatch(
    new RegExp(`^created subscription \\S+ with 3 licenses of .+ \\(order ${order.id}\\) for buyer@logco\\.test$`),
  )
})
