// The payment tests' helpers: a service on the sandbox provider, alerts signed with the sandbox's key as Paddle
// signs its own, and the payment endpoints on a local port.
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import type { DB } from '../../service/db/database.js'
import { createLicensingService, type LicensingService, type ServiceOptions } from '../../service/index.js'
import { paymentsRouter } from '../../service/payments/router.js'
import { readOrCreateSandboxKeys } from '../../sandbox/keys.js'
import type { PaymentProvider } from '../../service/payments/provider.js'
import { signAlert, type AlertFields } from '../../service/payments/signature.js'
import type { PaymentsAdapter } from '../../service/dispatch/context.js'

export type TestService = LicensingService & { dataDir: string; sign(fields: AlertFields): AlertFields }

export async function createPaymentsTestService(options: ServiceOptions = {}): Promise<TestService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-test-'))
  const service = await createLicensingService({
    log: () => {},
    demo: () => import('../../demo/seed.js'),
    ...options,
    env: { DATA_DIR: dataDir, NODE_ENV: 'test', PUBLIC_URL: 'http://portal.test', ...(options.env ?? {}) },
  })
  const keys = await readOrCreateSandboxKeys(service.db)
  return {
    ...service,
    dataDir,
    sign: (fields) => signAlert(fields, keys.privateKey),
    async close() {
      await service.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

let alertSequence = 0

/** A unique alert id, like Paddle's integers. */
export function alertId(): string {
  alertSequence += 1
  return `${Date.now()}${String(alertSequence).padStart(4, '0')}`
}

export function checkoutId(): string {
  return `${crypto.randomInt(10_000_000, 99_999_999)}-chre${crypto.randomBytes(6).toString('hex')}`
}

/** The pair of alerts Paddle sends for a new subscription (created, then the initial payment). */
export function purchaseAlerts(p: {
  checkoutId: string
  subscriptionId: string
  planId: string
  quantity: number
  email: string
  passthrough: unknown
  nextBillDate?: string
  unitPrice?: string
}) {
  const passthrough = typeof p.passthrough === 'string' ? p.passthrough : JSON.stringify(p.passthrough)
  const created: AlertFields = {
    alert_id: alertId(),
    alert_name: 'subscription_created',
    cancel_url: 'https://checkout.paddle.com/subscription/cancel?user=1&subscription=' + p.subscriptionId,
    checkout_id: p.checkoutId,
    currency: 'USD',
    email: p.email,
    event_time: '2026-11-21 12:00:00',
    marketing_consent: '0',
    next_bill_date: p.nextBillDate ?? '2027-11-21',
    passthrough,
    quantity: String(p.quantity),
    source: '',
    status: 'active',
    subscription_id: p.subscriptionId,
    subscription_plan_id: p.planId,
    unit_price: p.unitPrice ?? '116.00',
    user_id: '4242',
    update_url: 'https://checkout.paddle.com/subscription/update?user=1&subscription=' + p.subscriptionId,
  }
  const paid: AlertFields = {
    alert_id: alertId(),
    alert_name: 'subscription_payment_succeeded',
    checkout_id: p.checkoutId,
    country: 'US',
    coupon: '',
    currency: 'USD',
    customer_name: 'Buyer',
    earnings: '500.00',
    email: p.email,
    event_time: '2026-11-21 12:00:01',
    fee: '30.00',
    initial_payment: '1',
    instalments: '1',
    marketing_consent: '0',
    next_bill_date: p.nextBillDate ?? '2027-11-21',
    next_payment_amount: (Number(p.unitPrice ?? '116') * p.quantity).toFixed(2),
    order_id: '8675309-1',
    passthrough,
    payment_method: 'card',
    payment_tax: '0.00',
    plan_name: 'Plan',
    quantity: String(p.quantity),
    receipt_url: 'https://my.paddle.com/receipt/8675309/abc',
    sale_gross: (Number(p.unitPrice ?? '116') * p.quantity).toFixed(2),
    status: 'active',
    subscription_id: p.subscriptionId,
    subscription_payment_id: String(crypto.randomInt(1_000_000, 9_999_999)),
    subscription_plan_id: p.planId,
    unit_price: p.unitPrice ?? '116.00',
    user_id: '4242',
  }
  return { created, paid }
}

/** A `subscription_updated` alert about an acme subscription as the sandbox would send it (unsigned). */
export function updatedAlert(providerId: string, fields: Record<string, string>): AlertFields {
  return {
    alert_id: alertId(),
    alert_name: 'subscription_updated',
    event_time: new Date().toISOString().slice(0, 19).replace('T', ' '),
    status: 'active',
    subscription_id: providerId,
    currency: 'USD',
    email: 'olivia@acme.test',
    passthrough: '{}',
    user_id: '1',
    ...fields,
  }
}

/** Signs an alert with the sandbox's key pair from the store, as the sandbox signs its own. */
export async function signedBySandbox(db: DB, fields: AlertFields): Promise<AlertFields> {
  return signAlert(fields, (await readOrCreateSandboxKeys(db)).privateKey)
}

/** The payment endpoints on a local port; `close()` stops it. */
export async function listen(service: LicensingService): Promise<{ url: string; close(): Promise<void> }> {
  const app = express()
  app.use(paymentsRouter(service))
  const server = app.listen(0)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Posts a form (as a browser or Paddle would) without following redirects. */
export function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
}

/** The value of a hidden or text input in an HTML page. */
export function inputValue(html: string, name: string): string | undefined {
  const match = new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)
  return match
    ? match[1]
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    : undefined
}

/** A payments adapter whose provider answers price lookups only (`prices`); anything else it is asked fails. */
export function pricesOnlyPayments(prices: PaymentProvider['prices']): PaymentsAdapter {
  const unused = () => Promise.reject(new Error('not used by the price lookup'))
  return {
    provider: {
      environment: 'sandbox',
      checkoutClient: { provider: 'sandbox', checkoutUrl: '/sandbox/checkout', pricesUrl: '/sandbox/api/2.0/prices' },
      prices,
      generatePayLink: unused,
      getSubscription: unused,
      updateSubscription: unused,
      previewSubscriptionUpdate: unused,
      cancelSubscription: unused,
      charge: unused,
      payments: unused,
      webhookPublicKey: () => undefined,
    },
    config: { provider: 'sandbox', checkoutWaitMs: 0 },
    log: () => {},
    checkoutFailure: async () => undefined,
    settleDue: async () => {},
    jobs: [],
    close: () => {},
  }
}
