// New Subscription from a company's section (the buy page with `?company=`): the portal's loader and action against the
// real licensing service (sandbox payments, demo data) in process. The company only travels with the checkout when the
// signed-in user's session holds a role in it that may purchase; the checkout then carries the service's signed
// passthrough, and a paid hosted checkout lands in that company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppLoadContext } from '@remix-run/node'
import { demoRefs } from '../../demo/seed.js'
import { verifiedCompanyPurchase } from '../../service/payments/passthrough.js'
import { createPaymentsTestService, inputValue, listen, postForm, type TestService } from '../support/payments.js'
import { signInAs } from '../support/service.js'
import { cookieFrom, formRequest, removeDataDir, settle } from './account-stub'

const { loader, action } = await import('#app/routes/shop.$product.buy')
const { createUserSession } = await import('#app/utils/session.server')
const { companyNotAllowed, companySignInRequired } = await import('#app/routes/__shop/company.server')

const ACME = demoRefs.companies.acme
let service: TestService
let context: AppLoadContext

beforeAll(async () => {
  service = await createPaymentsTestService()
  context = { licensing: { call: (request: unknown, credential?: string) => service.call(request, credential) } }
})
afterAll(async () => {
  await service.close()
  removeDataDir()
})

/** A portal session for `email`, holding the service credential of a real sign-in. */
async function signedIn(email: string): Promise<string> {
  const credential = await signInAs(service, email)
  return cookieFrom(
    await createUserSession(new Request('http://portal.test/'), { email, admin: false, credential }, '/manage'),
  )
}

const params = { product: 'wallaby' }

async function load(search: string, cookie?: string) {
  const request = new Request(`http://portal.test/shop/wallaby/buy/?${search}`, {
    headers: cookie ? { Cookie: cookie } : {},
  })
  return (await settle(loader({ request, params, context }))).json()
}

const purchase = (fields: Record<string, string>, cookie?: string) =>
  settle(
    action({
      request: formRequest(
        'http://portal.test/shop/wallaby/buy/',
        Object.entries({
          billing: 'annually',
          type: 'company',
          quantity: '3',
          name: 'Typed Name',
          email: 'olivia@acme.test',
          country: 'US',
          zip: '10001',
          ...fields,
        }),
        cookie,
      ),
      params,
      context,
    }),
  )

describe('the buy page for a company (New Subscription)', () => {
  it('names the company when the signed-in user may buy for it, and says why not otherwise', async () => {
    const olivia = await load(
      `type=company&email=olivia%40acme.test&company=${ACME}`,
      await signedIn('olivia@acme.test'),
    )
    expect(olivia).toMatchObject({
      kind: 'purchase',
      company: { id: ACME, name: 'Acme Corp' },
      companyNotice: null,
      values: { name: 'Acme Corp', email: 'olivia@acme.test' },
    })

    // A Company Manager, a signed-in user of another company, and nobody signed in: no company.
    const max = await load(`type=company&company=${ACME}`, await signedIn('max@acme.test'))
    expect(max).toMatchObject({ company: null, companyNotice: companyNotAllowed })
    const carl = await load(`type=company&company=${ACME}`, await signedIn('carl@globex.test'))
    expect(carl).toMatchObject({ company: null, companyNotice: companyNotAllowed })
    expect(await load(`type=company&company=${ACME}`)).toMatchObject({
      company: null,
      companyNotice: companySignInRequired,
    })
    // Without `company` it is the ordinary shop page.
    expect(await load('type=company')).toMatchObject({ company: null, companyNotice: null })
  })

  it('opens the frame with the passthrough the service signed for the signed-in user and that company', async () => {
    const response = await purchase({ company: ACME, mode: 'frame' }, await signedIn('olivia@acme.test'))
    expect(response.status).toBe(200)
    const data = await response.json()
    expect(data.kind).toBe('frame')
    const passthrough = JSON.parse(data.frame.passthrough)
    expect(passthrough).toMatchObject({ name: 'Acme Corp', companyId: ACME, email: 'olivia@acme.test' })
    expect(verifiedCompanyPurchase(service.config.secret, passthrough)).toEqual({
      companyId: ACME,
      email: 'olivia@acme.test',
    })
  })

  it('refuses a posted company the signed-in user may not buy for (or without a session), opening no checkout', async () => {
    for (const cookie of [await signedIn('max@acme.test'), await signedIn('carl@globex.test'), undefined]) {
      const response = await purchase({ company: ACME, mode: 'frame' }, cookie)
      expect(response.status).toBe(403)
      const data = await response.json()
      expect(data.kind).toBe('invalid')
      expect(data.result.error['']).toEqual([cookie ? companyNotAllowed : companySignInRequired])
    }
  })

  it('an individual purchase ignores the company: an ordinary passthrough', async () => {
    const response = await purchase(
      { company: ACME, mode: 'frame', type: 'individual', email: 'olivia-personal@acme.test' },
      await signedIn('olivia@acme.test'),
    )
    const data = await response.json()
    expect(data.kind).toBe('frame')
    expect(JSON.parse(data.frame.passthrough)).toEqual({ name: 'Typed Name' })
  })

  it('without script, the hosted checkout carries the company, and paying it adds the subscription to the company', async () => {
    const response = await purchase({ company: ACME }, await signedIn('olivia@acme.test'))
    expect(response.status).toBe(302)
    const location = response.headers.get('Location')!
    expect(location).toMatch(/^\/sandbox\/checkout\?link=/)

    const server = await listen(service)
    try {
      const page = await (await fetch(`${server.url}${location}`)).text()
      const checkout = inputValue(page, 'checkout')!
      const paid = await postForm(`${server.url}/sandbox/checkout`, {
        link: inputValue(page, 'link')!,
        checkout,
        email: 'olivia@acme.test',
        country: 'US',
        postcode: '10001',
        intent: 'pay',
        cardNumber: '4242 4242 4242 4242',
        cardExpiry: '12/39',
        cardCvc: '123',
      })
      expect(paid.status).toBe(303)
      const order = await service.db
        .selectFrom('orders')
        .selectAll()
        .where('provider_checkout_id', '=', checkout)
        .executeTakeFirstOrThrow()
      const subscription = await service.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow()
      expect(subscription).toMatchObject({ owner: ACME, company_id: ACME, quantity: 3 })
    } finally {
      await server.close()
    }
  })
})
