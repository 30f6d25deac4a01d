// The sandbox tests' fixture: a payments test service on a port per file, and the checkout as a buyer's browser
// drives it. `startSandbox` sets the bindings before the file's first test.
import { afterAll, beforeAll } from 'vitest'
import { createPaymentsTestService, inputValue, listen, postForm, type TestService } from './payments.js'
import type { LicensingService } from '../../service/index.js'
import { SandboxProvider } from '../../sandbox/provider.js'

export let service: TestService
export let server: { url: string; close(): Promise<void> }
export let sandbox: SandboxProvider

/** Starts the payments test service and its server before the file's tests; closes them after. */
export function startSandbox() {
  beforeAll(async () => {
    service = await createPaymentsTestService()
    server = await listen(service)
    sandbox = sandboxOf(service)
  })
  afterAll(async () => {
    await server.close()
    await service.close()
  })
}

/** The sandbox provider a test service runs on (it has no other). */
export function sandboxOf(service: Pick<LicensingService, 'adapters'>): SandboxProvider {
  const provider = service.adapters.payments?.provider
  if (!(provider instanceof SandboxProvider)) throw new Error('The test service is not on the sandbox provider.')
  return provider
}

export const card = { cardNumber: '4242 4242 4242 4242', cardExpiry: '12/39', cardCvc: '123' }

/** Opens the inline checkout and returns its form fields (the page's hidden inputs). */
export async function openCheckout(params: Record<string, string>) {
  const response = await fetch(`${server.url}/sandbox/checkout?${new URLSearchParams(params)}`)
  const html = await response.text()
  return { response, html, checkout: inputValue(html, 'checkout')! }
}

export async function pay(params: Record<string, string>, fields: Record<string, string>) {
  const { checkout } = await openCheckout(params)
  const response = await postForm(`${server.url}/sandbox/checkout`, { ...params, checkout, intent: 'pay', ...fields })
  return { response, html: response.status === 303 ? '' : await response.text(), checkout }
}

export const outcome = async (checkoutId: string) =>
  (
    (await service.call({ createSubscriptionOnCheckout: { checkoutId, passthrough: '' } })).body as Record<
      string,
      unknown
    >
  ).createSubscriptionOnCheckout

export const orgPurchase = (email: string, quantity = 5) => ({
  product: 'console-ninja-organization-year',
  quantity: String(quantity),
  email,
  country: 'US',
  postcode: '10001',
  passthrough: JSON.stringify({ name: `Company of ${email}`, referrer: 'https://ref.example/' }),
})

/** How many orders, or sandbox payments, the checkout `checkout` has. */
export const count = async (table: 'orders' | 'sandbox_payments', checkout: string) =>
  (
    await service.db
      .selectFrom(table === 'orders' ? 'orders' : 'sandbox_payments')
      .select('id')
      .where(table === 'orders' ? 'provider_checkout_id' : 'checkout_id', '=', checkout)
      .execute()
  ).length
