// The shop for a buyer who is known: a signed-in buyer's details filled in on buy and redeem, the subscribed check
// for the product being bought (naming the subscription to its owner), the redeem page's original price, and Update
// price without script. The portal's loaders and actions against the real licensing service (sandbox, demo data).
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPaymentsTestService, type TestService } from '../support/payments.js'
import { signInAs } from '../support/service.js'
import { cookieFrom, formRequest, removeDataDir, settle } from './account-stub'
import { shopPath } from '../../protocol/catalog/paths.js'

const buy = await import('#app/routes/shop.$product.buy')
const redeem = await import('#app/routes/shop.$product.redeem.($coupon)')
const { createUserSession } = await import('#app/utils/session.server')
const { alreadySubscribed } = await import('#app/rules/messages/shop')

const PAT = 'pat@personal.test'
let service: TestService
let context: AppLoadContext
let pat: string

beforeAll(async () => {
  service = await createPaymentsTestService()
  context = { licensing: { call: (request: unknown, credential?: string) => service.call(request, credential) } }
  const credential = await signInAs(service, PAT)
  pat = cookieFrom(
    await createUserSession(new Request('http://portal.test/'), { email: PAT, admin: false, credential }, '/manage'),
  )
})
afterAll(async () => {
  await service.close()
  removeDataDir()
})

async function loadJson(
  module: typeof buy | typeof redeem,
  url: string,
  params: Record<string, string>,
  cookie?: string,
) {
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} })
  return (await settle(module.loader({ request, params, context }))).json()
}

const continueAs = (product: string, fields: Record<string, string>, cookie?: string) =>
  settle(
    buy.action({
      request: formRequest(
        `http://portal.test${shopPath(product)}`,
        Object.entries({
          billing: 'annually',
          type: 'individual',
          name: 'Pat Personal',
          email: PAT,
          country: 'US',
          zip: '10001',
          mode: 'frame',
          ...fields,
        }),
        cookie,
      ),
      params: { product },
      context,
    }),
  )

describe("the buy page's bot trap", () => {
  it('comes with the form, from the page of the form itself', async () => {
    const page = await loadJson(buy, 'http://portal.test/shop/quokka/buy/', { product: 'quokka' })
    expect(page.honeypot).toMatchObject({ nameFieldName: 'name__confirm' })
  })
})

describe('a signed-in buyer', () => {
  it('finds their name and address filled in on buy and redeem; what the address says comes first', async () => {
    const page = (search: string, cookie?: string) =>
      loadJson(buy, `http://portal.test/shop/quokka/buy/${search}`, { product: 'quokka' }, cookie)
    expect((await page('', pat)).values).toEqual({ name: 'Pat Personal', email: PAT, zip: '' })
    // An organization's name is the company's: only the address is filled in.
    expect((await page('?type=company', pat)).values).toEqual({ name: '', email: PAT, zip: '' })
    expect((await page('?name=Someone&email=someone%40else.test', pat)).values).toMatchObject({
      name: 'Someone',
      email: 'someone@else.test',
    })
    expect((await page('')).values).toEqual({ name: '', email: '', zip: '' })

    const coupon = (cookie?: string) =>
      loadJson(
        redeem,
        'http://portal.test/shop/console-ninja/redeem/FREEYEAR',
        { product: 'console-ninja', coupon: 'FREEYEAR' },
        cookie,
      )
    expect((await coupon(pat)).prefill).toEqual({ name: 'Pat Personal', email: PAT })
    expect((await coupon()).prefill).toEqual({ name: '', email: '' })
  })
})

describe('"Email address is already subscribed."', () => {
  it('does not stop a purchase of another product: a trial or a subscription to another product', async () => {
    // pat holds a Console Ninja trial and a Quokka.js PRO subscription.
    const response = await continueAs('console-ninja', {}, pat)
    expect(response.status).toBe(200)
    expect((await response.json()).kind).toBe('frame')
  })

  it('names the subscription to its signed-in owner, with the ways on', async () => {
    const response = await continueAs('quokka', {}, pat)
    expect(response.status).toBe(400)
    const data = await response.json()
    expect(data.result.error.email).toEqual([alreadySubscribed])
    expect(data.subscribed).toEqual({
      product: 'Quokka.js PRO',
      email: PAT,
      organizationUrl:
        '/shop/quokka/buy/?billing=annually&type=company&quantity=1&country=US&email=pat%40personal.test&zip=10001',
      subscription: {
        name: 'Quokka.js PRO personal license',
        billingPeriod: 'month',
        quantity: 1,
        quantityUrl: expect.stringMatching(/^\/manage\?dialog=subscription-quantity&subscription=sub_/),
      },
    })
  })

  it('tells anyone else only that the address is subscribed', async () => {
    const data = await (await continueAs('quokka', {})).json()
    expect(data.result.error.email).toEqual([alreadySubscribed])
    expect(data.subscribed).toEqual({
      product: 'Quokka.js PRO',
      email: PAT,
      organizationUrl: expect.stringContaining('type=company'),
    })
  })
})

describe('the redeem page', () => {
  it('gives the original price of the plan the coupon is worth: one free month is a month of the monthly plan', async () => {
    const data = await loadJson(redeem, 'http://portal.test/shop/console-ninja/redeem/FREEMONTH', {
      product: 'console-ninja',
      coupon: 'FREEMONTH',
    })
    expect(data.prices).toMatchObject({
      months: 1,
      original: '$6.05',
      basis: '$6.05 is the price of 1 month on the monthly Personal plan, excluding tax.',
    })
  })
})

describe('Update price without script', () => {
  it('answers with the page of the chosen options and the details typed, never the bot trap in the address', async () => {
    const response = await continueAs('wallaby', {
      intent: 'update-price',
      type: 'company',
      quantity: '4',
      name: 'Typed Corp',
      name__confirm: 'bot',
      from__confirm: 'encrypted',
    })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('Location')!, 'http://portal.test')
    expect(location.pathname).toBe('/shop/wallaby/buy/')
    expect(Object.fromEntries(location.searchParams)).toEqual({
      billing: 'annually',
      type: 'company',
      quantity: '4',
      country: 'US',
      name: 'Typed Corp',
      email: PAT,
      zip: '10001',
    })
  })
})
