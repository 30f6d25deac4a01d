// Webhooks: signatures, idempotency and the HTTP endpoint.
import { describe, expect, it } from 'vitest'
import { alertTesting } from '../../tests/support/alerts.js'
import { checkoutId, listen, postForm, purchaseAlerts } from '../../tests/support/payments.js'
import { handleWebhookAlert, WebhookError } from './webhooks.js'

const { service, deliver, subscriptionId, ordersOfCheckout, licensesOfCheckout } = alertTesting()

describe('signatures and idempotency', () => {
  it('refuses a tampered alert with 403 and records nothing', async () => {
    const checkout = checkoutId()
    const { created } = purchaseAlerts({
      checkoutId: checkout,
      subscriptionId: subscriptionId(),
      planId: 'wallaby-organization-year',
      quantity: 1,
      email: 'mallory@evil.test',
      passthrough: { name: 'Evil' },
    })
    const signed = service().sign(created)
    const tampered = { ...signed, quantity: '100' }
    const refusal = await handleWebhookAlert(tampered, service().context()).catch((e: unknown) => e)
    expect(refusal).toBeInstanceOf(WebhookError)
    expect(refusal).toMatchObject({ status: 403 })
    expect((await licensesOfCheckout(checkout)).order).toBeUndefined()
    expect(
      await service()
        .db.selectFrom('webhook_events')
        .select('alert_id')
        .where('alert_id', '=', created.alert_id)
        .executeTakeFirst(),
    ).toBeUndefined()
  })

  it('applies a replayed alert once: the second delivery is a duplicate and changes nothing', async () => {
    const checkout = checkoutId()
    const { created, paid } = purchaseAlerts({
      checkoutId: checkout,
      subscriptionId: subscriptionId(),
      planId: 'wallaby-organization-year',
      quantity: 4,
      email: 'twice@example.test',
      passthrough: { name: 'Twice' },
    })
    const signed = service().sign(created)
    expect((await handleWebhookAlert(signed, service().context())).outcome).toBe('processed')
    expect((await handleWebhookAlert(signed, service().context())).outcome).toBe('duplicate')
    expect((await licensesOfCheckout(checkout)).licenses).toHaveLength(4)

    // The same payment alert delivered twice records one payment and no second order.
    const signedPaid = service().sign(paid)
    await handleWebhookAlert(signedPaid, service().context())
    await handleWebhookAlert(signedPaid, service().context())
    const { order, licenses } = await licensesOfCheckout(checkout)
    expect(licenses).toHaveLength(4)
    expect(
      await service().db.selectFrom('payments').select('id').where('order_id', '=', order!.id).execute(),
    ).toHaveLength(1)
    expect(await ordersOfCheckout(checkout)).toHaveLength(1)
  })

  it('refuses an alert without an alert id', async () => {
    await expect(deliver({ alert_name: 'subscription_created' })).rejects.toMatchObject({ status: 400 })
  })
})

describe('POST /api/paddle/webhook', () => {
  it('answers 200 for a verified alert, 403 for a bad signature, 400 for a malformed one', async () => {
    const server = await listen(service())
    try {
      const checkout = checkoutId()
      const { created } = purchaseAlerts({
        checkoutId: checkout,
        subscriptionId: subscriptionId(),
        planId: 'quokka-personal-month',
        quantity: 1,
        email: 'http@example.test',
        passthrough: { name: 'Http' },
        unitPrice: '6.05',
      })
      const signed = service().sign(created)
      const ok = await postForm(`${server.url}/api/paddle/webhook`, signed)
      expect(ok.status).toBe(200)
      expect(await ok.text()).toBe('OK')
      expect((await licensesOfCheckout(checkout)).licenses).toHaveLength(1)

      const again = await postForm(`${server.url}/api/paddle/webhook`, signed)
      expect(again.status).toBe(200)
      expect(await again.text()).toBe('Already processed')

      const forged = await postForm(`${server.url}/api/paddle/webhook`, { ...signed, email: 'other@example.test' })
      expect(forged.status).toBe(403)

      const unsigned = await postForm(`${server.url}/api/paddle/webhook`, { alert_name: 'x' })
      expect(unsigned.status).toBe(403)

      const noId = await postForm(
        `${server.url}/api/paddle/webhook`,
        service().sign({ alert_name: 'subscription_created' }),
      )
      expect(noId.status).toBe(400)
    } finally {
      await server.close()
    }
  })
})
