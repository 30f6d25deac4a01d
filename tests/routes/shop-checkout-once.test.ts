// A checkout is paid once: after a completed checkout, Back, a reload or a second tab of the shop shows the order's
// outcome ("This order is already complete") and never a second payment form, and a second Continue is refused. The
// portal's buy page (loader and action) against the real licensing service in process: with the sandbox provider, and
// with Paddle Classic answered by msw at its HTTP boundary (its webhooks signed with a key of the test's own).
import crypto from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPaddleMocks } from '../mocks/paddle.js'
import { signAlert } from '../../service/payments/signature.js'
import {
  checkoutId as newPaddleCheckoutId,
  createPaymentsTestService,
  inputValue,
  listen,
  postForm,
  purchaseAlerts,
  type TestService,
} from '../support/payments.js'
import { signInAs } from '../support/service.js'
import { cookieFrom, formRequest, removeDataDir, settle } from './account-stub'

const { loader, action } = await import('#app/routes/shop.$product.buy')
const { createUserSession } = await import('#app/utils/session.server')
const { action: themeAction } = await import('#app/routes/theme')

const params = { product: 'wallaby' }
const BUY = 'http://portal.test/shop/wallaby/buy/'

/** The buy page as one browser uses it: its cookies kept from answer to answer. */
function browser(service: () => TestService) {
  let cookie = ''
  const context = (): AppLoadContext => ({
    licensing: { call: (request: unknown, credential?: string) => service().call(request, credential) },
  })
  const keep = (response: Response) => {
    cookie = cookieFrom(response, cookie)
    return response
  }
  return {
    async open(search = '') {
      const request = new Request(`${BUY}${search ? `?${search}` : ''}`, { headers: cookie ? { Cookie: cookie } : {} })
      return keep(await settle(loader({ request, params, context: context() })))
    },
    async load(search = '') {
      return (await (await this.open(search)).json()) as Record<string, unknown>
    },
    /** Keeps the cookies of another page's answer (a sign-in, a theme switch). */
    keepCookies(answer: Response) {
      keep(answer)
    },
    async post(fields: Record<string, string>) {
      const request = formRequest(BUY, Object.entries(fields), cookie || undefined)
      return keep(await settle(action({ request, params, context: context() })))
    },
  }
}

/** Continue on the purchase form without script, as a buyer of an organization plan for 3 users. */
const continueFields = (email: string, name: string) => ({
  billing: 'annually',
  type: 'company',
  quantity: '3',
  name,
  email,
  country: 'US',
  zip: '10001',
})

const ordersOf = (service: TestService, email: string) =>
  service.db.selectFrom('orders').select('id').where('customer_email', '=', email).execute()

afterAll(() => removeDataDir())

describe('with the sandbox provider', () => {
  let service: TestService
  let server: { url: string; close(): Promise<void> }
  beforeAll(async () => {
    service = await createPaymentsTestService()
    server = await listen(service)
  })
  afterAll(async () => {
    await server.close()
    await service.close()
  })

  /** Pays on a hosted checkout page as its form posts (with the hidden fields it carries). */
  function postPayment(page: string, cardNumber: string) {
    const carried = ['link', 'checkout', 'email', 'theme'].flatMap((name) => {
      const value = inputValue(page, name)
      return value === undefined ? [] : [[name, value]]
    })
    return postForm(`${server.url}/sandbox/checkout`, {
      ...Object.fromEntries(carried),
      country: 'US',
      postcode: '10001',
      intent: 'pay',
      cardNumber,
      cardExpiry: '12/39',
      cardCvc: '123',
    })
  }

  /** Pays the hosted checkout the action sent the browser to, and answers where the sandbox sends it back. */
  async function payHosted(location: string, cardNumber = '4242 4242 4242 4242') {
    const page = await (await fetch(`${server.url}${location}`)).text()
    const paid = await postPayment(page, cardNumber)
    expect(paid.status).toBe(303)
    return new URL(paid.headers.get('location')!)
  }

  it('Back, a reload or a second tab after a completed checkout shows the outcome and creates no second order', async () => {
    const email = 'once@buyers.test'
    const tab = browser(() => service)
    const continued = await tab.post(continueFields(email, 'Once Corp'))
    expect(continued.status).toBe(302)
    const back = await payHosted(continued.headers.get('Location')!)

    const thanks = await tab.load(back.search.slice(1))
    expect(thanks).toMatchObject({ kind: 'outcome', state: 'complete', already: false, email })
    expect(await ordersOf(service, email)).toHaveLength(1)

    // A reload of the thank-you page: the same order, already complete.
    expect(await tab.load(back.search.slice(1))).toMatchObject({ kind: 'outcome', state: 'complete', already: true })
    // Back to the purchase page (or the shop opened in a second tab of this browser): the order, not the form.
    const again = await tab.load()
    expect(again).toMatchObject({ kind: 'outcome', state: 'complete', already: true })
    expect(again).not.toHaveProperty('breakdown')

    // Continue from the form left open before the payment: refused, back to the order; no checkout is opened.
    const refused = await tab.post(continueFields(email, 'Once Corp'))
    expect(refused.status).toBe(303)
    expect(refused.headers.get('Location')).toBe('/shop/wallaby/buy/')
    expect(await ordersOf(service, email)).toHaveLength(1)

    // Another purchase, on purpose: the form again as it was at Continue, and Continue opens a new checkout.
    const fresh = await tab.post({ intent: 'new-purchase' })
    expect(fresh.status).toBe(302)
    expect(fresh.headers.get('Location')).toBe('/shop/wallaby/buy/?retry=1')
    expect(await tab.load('retry=1')).toMatchObject({
      kind: 'purchase',
      values: { name: 'Once Corp', email, zip: '10001' },
      options: { type: 'organization', quantity: 3, billingPeriod: 'year', country: 'US' },
    })
    const second = await tab.post(continueFields(email, 'Once Corp'))
    expect(second.status).toBe(302)
    expect(second.headers.get('Location')).toMatch(/^\/sandbox\/checkout\?link=/)
  })

  it('the hosted checkout wears the portal’s theme, on its next page too', async () => {
    const tab = browser(() => service)
    const switched = themeAction({ request: formRequest(BUY, [['theme', 'light']]), params: {}, context: {} })
    tab.keepCookies(await settle(switched))
    const continued = await tab.post(continueFields('light@buyers.test', 'Light Corp'))
    const location = continued.headers.get('Location')!
    expect(new URL(location, BUY).searchParams.get('theme')).toBe('light')
    const hosted = await (await fetch(`${server.url}${location}`)).text()
    expect(hosted).toContain('<html lang="en" class="light">')
    // A card left out: the page again, still light.
    const again = await postPayment(hosted, '')
    expect(again.status).toBe(422)
    expect(await again.text()).toContain('<html lang="en" class="light">')
  })

  it('a declined card keeps the buyer in the hosted form; another card completes the same checkout once', async () => {
    const email = 'declined-once@buyers.test'
    const tab = browser(() => service)
    const continued = await tab.post(continueFields(email, 'Declined Once Corp'))
    const hosted = await (await fetch(`${server.url}${continued.headers.get('Location')!}`)).text()
    const declined = await postPayment(hosted, '4000 0000 0000 0002')
    // Not the shop's failed page: the form again, the decline at the card field.
    expect(declined.status).toBe(402)
    const form = await declined.text()
    expect(form).toContain(
      'Your card was declined by your bank. No payment was taken. Try another card, or ask your bank.',
    )
    expect(inputValue(form, 'checkout')).toBe(inputValue(hosted, 'checkout'))
    const paid = await postPayment(form, '4242 4242 4242 4242')
    expect(paid.status).toBe(303)
    const back = new URL(paid.headers.get('location')!)
    expect(back.searchParams.get('state')).toBe('complete')
    expect(await tab.load(back.search.slice(1))).toMatchObject({ kind: 'outcome', state: 'complete', already: false })
    expect(await ordersOf(service, email)).toHaveLength(1)
  })

  it('an order rejected in review offers to start a new checkout with what was typed kept; it holds nothing back', async () => {
    const email = 'rejected-again@buyers.test'
    const tab = browser(() => service)
    const continued = await tab.post({ ...continueFields(email, 'Rejected Corp'), billing: 'monthly', quantity: '7' })
    const flagged = await payHosted(continued.headers.get('Location')!, '4000 0000 0000 9235')
    const checkout = flagged.searchParams.get('checkout')!
    await postForm(`${server.url}/sandbox/review`, { checkout, decision: 'reject' })
    const failed = await tab.load(`checkout=${checkout}&state=failed`)
    expect(failed).toMatchObject({ kind: 'outcome', state: 'failed', already: false })
    expect(failed.retryTo).toBe('/shop/wallaby/buy/?retry=1')
    // Nothing was paid: the purchase page is the form again, with what was typed.
    expect(await tab.load('retry=1')).toMatchObject({
      kind: 'purchase',
      values: { name: 'Rejected Corp', email },
      options: { billingPeriod: 'month', quantity: 7 },
    })
    expect(await ordersOf(service, email)).toHaveLength(0)
  })

  it('a flagged order reported as completed (as the frame reports it) is shown at the address that says flagged', async () => {
    const email = 'flagged-address@buyers.test'
    const tab = browser(() => service)
    const continued = await tab.post(continueFields(email, 'Flagged Corp'))
    const back = await payHosted(continued.headers.get('Location')!, '4000 0000 0000 9235')
    expect(back.searchParams.get('state')).toBe('flagged')
    const checkout = back.searchParams.get('checkout')!

    const reported = await tab.open(`checkout=${checkout}&state=complete`)
    expect(reported.status).toBe(302)
    expect(reported.headers.get('Location')).toBe(`/shop/wallaby/buy/?checkout=${checkout}&state=flagged`)
    // The first look at the corrected address is the outcome page, not "already".
    expect(await tab.load(`checkout=${checkout}&state=flagged`)).toMatchObject({ state: 'flagged', already: false })
  })

  it('the thank-you page sends a signed-in buyer to Manage Licenses without asking them to sign in', async () => {
    const email = 'pat@personal.test'
    const tab = browser(() => service)
    const credential = await signInAs(service, email)
    tab.keepCookies(await createUserSession(new Request(BUY), { email, admin: false, credential }, '/manage'))
    const continued = await tab.post(continueFields(email, 'Signed In Corp'))
    const back = await payHosted(continued.headers.get('Location')!)
    expect(await tab.load(back.search.slice(1))).toMatchObject({
      state: 'complete',
      organization: true,
      signedIn: true,
    })

    const stranger = browser(() => service)
    const other = await payHosted(
      (await stranger.post(continueFields('nobody@buyers.test', 'N'))).headers.get('Location')!,
    )
    expect(await stranger.load(other.search.slice(1))).toMatchObject({ state: 'complete', signedIn: false })
  })
})

describe('with Paddle Classic (msw at its HTTP boundary)', () => {
  const keys = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  const paddle = createPaddleMocks({
    vendorId: '1234',
    authCode: 'code',
    prices: {
      '811031': { title: 'Wallaby.js Organization', net: 116 },
      '811032': { title: 'Wallaby.js Organization Monthly', net: 12.1 },
      '811033': { title: 'Wallaby.js Personal', net: 58 },
      '811034': { title: 'Wallaby.js Personal Monthly', net: 6.05 },
    },
  })
  const mocks = setupServer(...paddle.handlers)
  let service: TestService
  let webhooks: { url: string; close(): Promise<void> }
  beforeAll(async () => {
    mocks.listen({ onUnhandledFrame: 'bypass' })
    service = await createPaymentsTestService({
      env: {
        NODE_ENV: 'test',
        PADDLE_VENDOR_ID: '1234',
        PADDLE_VENDOR_AUTH_CODE: 'code',
        PADDLE_PUBLIC_KEY: keys.publicKey,
        CHECKOUT_WEBHOOK_WAIT_MS: '200',
      },
    })
    webhooks = await listen(service)
  })
  afterEach(() => mocks.resetHandlers())
  afterAll(async () => {
    mocks.close()
    await webhooks.close()
    await service.close()
  })

  const payLinks = () => paddle.requests.filter((r) => r.path === '/product/generate_pay_link')

  /** Paddle's webhooks for a paid checkout, posted to the service's webhook endpoint as Paddle posts them. */
  async function paddlePays(checkout: string, email: string) {
    const { created, paid } = purchaseAlerts({
      checkoutId: checkout,
      subscriptionId: String(crypto.randomInt(100_000, 999_999)),
      planId: '811031',
      quantity: 3,
      email,
      passthrough: { name: 'Paddle Corp' },
    })
    for (const alert of [created, paid]) {
      const answer = await postForm(`${webhooks.url}/api/paddle/webhook`, signAlert(alert, keys.privateKey))
      expect(answer.status).toBe(200)
    }
    return { created, paid }
  }

  it('Back, a reload or a second tab after a completed Paddle checkout shows the outcome and creates no second order', async () => {
    const email = 'paddle-once@buyers.test'
    const tab = browser(() => service)
    const continued = await tab.post(continueFields(email, 'Paddle Corp'))
    expect(continued.status).toBe(302)
    expect(continued.headers.get('Location')).toMatch(/^https:\/\/pay\.paddle\.com\/checkout\/custom\//)
    expect(payLinks()).toHaveLength(1)
    expect(payLinks()[0].form.get('return_url')).toBe(`${BUY}?checkout={checkout_hash}`)

    // Paddle takes the payment, sends its webhooks and the browser back with the checkout id.
    const checkout = newPaddleCheckoutId()
    const alerts = await paddlePays(checkout, email)
    expect(await tab.load(`checkout=${checkout}`)).toMatchObject({ kind: 'outcome', state: 'complete', already: false })

    // A reload, Back to the purchase page, a second tab: the order, already complete; no form.
    expect(await tab.load(`checkout=${checkout}`)).toMatchObject({ state: 'complete', already: true })
    expect(await tab.load()).toMatchObject({ kind: 'outcome', state: 'complete', already: true })
    // Paddle delivering its webhooks again changes nothing.
    for (const alert of [alerts.created, alerts.paid]) {
      await postForm(`${webhooks.url}/api/paddle/webhook`, signAlert(alert, keys.privateKey))
    }
    // Continue from a form left open is refused before Paddle is asked for a second pay link.
    const refused = await tab.post(continueFields(email, 'Paddle Corp'))
    expect(refused.status).toBe(303)
    expect(payLinks()).toHaveLength(1)
    const orders = await ordersOf(service, email)
    expect(orders).toHaveLength(1)
    expect(
      await service.db.selectFrom('licenses').select('id').where('order_id', '=', orders[0].id).execute(),
    ).toHaveLength(3)
  })
})
