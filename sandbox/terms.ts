// What a sandbox checkout sells and for how much: prices API, pay links, terms and the quote.
import { isQuantity, MAX_QUANTITY, MIN_QUANTITY } from '../protocol/subscriptions/quantity.js'
import crypto from 'node:crypto'
import { country as countryOf, planByProviderId, renewalProductId, type Plan } from '../config/catalog/index.js'
import { ServiceError } from '../service/dispatch/errors.js'
import type { PayLinkInput, PriceAmounts, PriceQuery, ProviderPrices } from '../service/payments/provider.js'
import { planTitle, type Sandbox } from './core.js'
import { PAY_LINK_TTL_MS, readPayLink, signPayLink } from './links.js'
import { roundToCent } from '../protocol/shared/money.js'
import { sandboxPrice, totalFor } from './pricing.js'

/** What a checkout sells, from its URL (or a pay link) and the buyer's own fields. */
export type CheckoutTerms = {
  productId: string
  /** The catalog plan for a subscription; absent for the one-off renewal product. */
  plan?: Plan
  title: string
  quantity: number
  email: string
  country: string
  postcode: string
  passthrough: string
  coupon: string
  /** Only from a signed pay link: where a hosted checkout returns. */
  returnUrl?: string
  /** Only from a signed pay link: the net USD price of quantity 1. */
  priceOverride?: number
  message?: string
  /** The signed pay link the terms came from. */
  link?: string
  /** The checkout a pay link is for: reopened (Back, a reload, a second tab), it shows that checkout's outcome. */
  checkoutId?: string
}

export type CheckoutQuote = {
  currency: string
  unit: PriceAmounts
  total: PriceAmounts
  listTotal: PriceAmounts
  appliedCoupon?: { code: string; discount: number }
  taxPercent: number
  taxName?: string
  /** Billed again every month or year (a subscription), or once. */
  recurring?: 'month' | 'year'
}

export type Input = Record<string, string | undefined>

const CHECKOUT_ID = /^chk_[0-9a-hjkmnp-tv-z]{16}$/
const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'

export function quotedPrices(query: PriceQuery): ProviderPrices {
  const customerCountry = (query.country || 'US').toUpperCase()
  const coupon = query.coupons?.[0]
  const products = query.productIds.flatMap((productId) => {
    const plan = planByProviderId(productId, 'sandbox')
    if (!plan) return []
    const price = sandboxPrice(plan.listPrice, customerCountry, coupon)
    return [
      {
        productId,
        title: planTitle(plan),
        currency: price.currency,
        price: price.price,
        listPrice: price.listPrice,
        ...(price.appliedCoupon ? { appliedCoupon: price.appliedCoupon } : {}),
      },
    ]
  })
  return { customerCountry, products }
}

/** The prices API's wire format, as Paddle's `checkout.paddle.com/api/2.0/prices` answers it. */
export function pricesResponse(query: PriceQuery) {
  const prices = quotedPrices(query)
  return {
    success: true,
    response: {
      customer_country: prices.customerCountry,
      products: prices.products.map((p) => {
        const plan = planByProviderId(p.productId, 'sandbox')!
        return {
          product_id: p.productId,
          product_title: p.title,
          currency: p.currency,
          vendor_set_prices_included_tax: false,
          price: p.price,
          list_price: p.listPrice,
          subscription: {
            trial_days: 0,
            interval: plan.billingPeriod,
            frequency: 1,
            price: p.price,
            list_price: p.listPrice,
          },
          applied_coupon: p.appliedCoupon ?? [],
        }
      }),
    },
  }
}

export async function generatePayLink(sb: Sandbox, input: PayLinkInput): Promise<{ url: string }> {
  const isRenewal = input.productId === renewalProductId('sandbox')
  if (!isRenewal && !planByProviderId(input.productId, 'sandbox')) {
    throw new ServiceError('PROVIDER_ERROR', `The sandbox does not know the product ${input.productId}.`)
  }
  if (isRenewal && !input.price) throw new ServiceError('PROVIDER_ERROR', 'The renewal product needs a price.')
  if (input.price && input.price.currency !== 'USD') {
    throw new ServiceError('PROVIDER_ERROR', 'The sandbox takes price overrides in USD.')
  }
  const link = signPayLink(
    {
      p: input.productId,
      ...(input.title ? { t: input.title } : {}),
      ...(input.price ? { a: input.price.amount } : {}),
      q: input.quantity,
      ...(input.customerEmail ? { e: input.customerEmail } : {}),
      ...(input.customerCountry ? { co: input.customerCountry } : {}),
      ...(input.customerPostcode ? { pc: input.customerPostcode } : {}),
      pt: input.passthrough,
      ...(input.coupon ? { cp: input.coupon } : {}),
      ...(input.returnUrl ? { r: input.returnUrl } : {}),
      ...(input.customMessage ? { m: input.customMessage } : {}),
      c: newCheckoutId(),
      x: sb.options.now() + PAY_LINK_TTL_MS,
    },
    sb.linkKey,
  )
  return { url: `/sandbox/checkout?link=${encodeURIComponent(link)}` }
}

/** A checkout's terms: a signed pay link, or the inline parameters; the buyer's own fields may always change. */
export function resolveTerms(
  sb: Sandbox,
  input: Input,
): { ok: true; terms: CheckoutTerms } | { ok: false; message: string } {
  const buyer = {
    email: input.email,
    country: input.country,
    postcode: input.postcode,
  }
  if (input.link) {
    const read = readPayLink(input.link, sb.linkKey, sb.options.now())
    if (!read.ok) {
      return {
        ok: false,
        message: read.reason === 'expired' ? 'This checkout link has expired.' : 'This checkout link is not valid.',
      }
    }
    const t = read.terms
    const plan = planByProviderId(t.p, 'sandbox')
    return {
      ok: true,
      terms: {
        productId: t.p,
        ...(plan ? { plan } : {}),
        title: t.t ?? (plan ? planTitle(plan) : 'License renewal'),
        quantity: t.q,
        email: (buyer.email ?? t.e ?? '').trim(),
        country: (buyer.country ?? t.co ?? 'US').trim().toUpperCase(),
        postcode: (buyer.postcode ?? t.pc ?? '').trim(),
        passthrough: t.pt,
        coupon: t.cp ?? '',
        ...(t.r ? { returnUrl: t.r } : {}),
        ...(t.a !== undefined ? { priceOverride: t.a } : {}),
        ...(t.m ? { message: t.m } : {}),
        ...(t.c && CHECKOUT_ID.test(t.c) ? { checkoutId: t.c } : {}),
        link: input.link,
      },
    }
  }
  const productId = input.product?.trim() ?? ''
  const plan = planByProviderId(productId, 'sandbox')
  if (!plan) {
    return {
      ok: false,
      message: productId ? `The product "${productId.slice(0, 80)}" is not sold here.` : 'No product was given.',
    }
  }
  const quantity = Number(input.quantity ?? '1')
  if (!isQuantity(quantity)) {
    return { ok: false, message: `The quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.` }
  }
  return {
    ok: true,
    terms: {
      productId,
      plan,
      title: planTitle(plan),
      quantity,
      email: (buyer.email ?? '').trim(),
      country: (buyer.country ?? 'US').trim().toUpperCase() || 'US',
      postcode: (buyer.postcode ?? '').trim(),
      passthrough: input.passthrough ?? '',
      coupon: (input.coupon ?? '').trim(),
    },
  }
}

export function quoteFor(terms: CheckoutTerms): CheckoutQuote {
  const unitNet = terms.priceOverride ?? terms.plan?.listPrice ?? 0
  const price = sandboxPrice(unitNet, terms.country, terms.coupon || undefined)
  return {
    currency: price.currency,
    unit: price.price,
    total: totalFor(price.price, terms.quantity),
    listTotal: totalFor(price.listPrice, terms.quantity),
    ...(price.appliedCoupon
      ? {
          appliedCoupon: {
            code: price.appliedCoupon.code,
            discount: roundToCent(price.appliedCoupon.discount * terms.quantity),
          },
        }
      : {}),
    taxPercent: price.taxPercent,
    ...(countryOf(terms.country)?.taxName ? { taxName: countryOf(terms.country)!.taxName } : {}),
    ...(terms.plan ? { recurring: terms.plan.billingPeriod } : {}),
  }
}

/** A checkout id for a new page; kept in the form so that paying twice cannot charge twice. */
export function newCheckoutId(): string {
  let id = 'chk_'
  for (let i = 0; i < 16; i++) id += ID_ALPHABET[crypto.randomInt(ID_ALPHABET.length)]
  return id
}

/** The checkout a page or payment is for: the pay link's, else the form's (kept page to page), else a new one. */
export function checkoutIdFrom(input: Input, terms?: Pick<CheckoutTerms, 'checkoutId'>): string {
  if (terms?.checkoutId) return terms.checkoutId
  return input.checkout && CHECKOUT_ID.test(input.checkout) ? input.checkout : newCheckoutId()
}
