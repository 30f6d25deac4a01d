// The webhook tests' fixture: a payments test service per file, alerts signed with the sandbox's key and delivered
// to the handler, and the reads the tests check.
import { afterAll, beforeAll } from 'vitest'
import { companyPurchasePassthrough } from '../../service/payments/passthrough.js'
import { createPaymentsTestService, type TestService } from './payments.js'
import { handleWebhookAlert } from '../../service/payments/webhooks.js'

export function alertTesting() {
  let current: TestService | undefined
  beforeAll(async () => {
    current = await createPaymentsTestService()
  })
  afterAll(async () => {
    await current?.close()
  })
  const service = () => {
    if (!current) throw new Error('the test service is not running')
    return current
  }

  /** The orders recorded for a provider checkout (one at most, when all is well). */
  const ordersOfCheckout = (checkout: string) =>
    service().db.selectFrom('orders').selectAll().where('provider_checkout_id', '=', checkout).execute()

  return {
    service,
    deliver: (fields: Record<string, string>) => handleWebhookAlert(service().sign(fields), service().context()),
    subscriptionId: () => String(Math.floor(10_000_000 + Math.random() * 89_999_999)),
    /** The passthrough the service signs when the signed-in `email` may purchase for `companyId` (shop companyCheckout). */
    signedFor: (companyId: string, email: string, name: string) =>
      companyPurchasePassthrough(service().config.secret, { name, companyId, email }),
    /** The stored expiry of each of these licenses. */
    expiriesOf: (rows: Array<{ id: string }>) =>
      service()
        .db.selectFrom('licenses')
        .select(['id', 'expiration'])
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute(),
    ordersOfCheckout,
    async licensesOfCheckout(checkout: string) {
      const [order] = await ordersOfCheckout(checkout)
      if (!order) return { order, licenses: [] }
      const licenses = await service()
        .db.selectFrom('licenses')
        .selectAll()
        .where('order_id', '=', order.id)
        .orderBy('key_number')
        .execute()
      return { order, licenses }
    },
  }
}
