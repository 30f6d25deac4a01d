/**
 * The sandbox payment provider: the default when no Paddle credentials are configured. It serves the same shapes as
 * Paddle Classic, locally and offline: a prices API, a checkout page for the inline frame and as a hosted checkout,
 * pay links, an update-payment page, receipts, the subscription API, and webhooks signed with its own RSA key and
 * delivered to the service's webhook handler in process (so the real verification and fulfilment code runs).
 *
 * Its records (checkouts, subscriptions, payments) are its own tables, apart from the vendor's store, the way a real
 * provider's would be. The demo data set lives only in the vendor's store; the first time the sandbox is asked about
 * one of the demo's subscriptions it adopts it from there (plan, quantity, state, next bill date, card, payments).
 */
import crypto from 'node:crypto'
import { EMAIL_PATTERN, normalizeEmail } from '../../../protocol/email.js'
import {
  country as countryOf,
  planByProviderId,
  findPlan,
  renewalProductId,
  requiresZip,
  type Plan,
} from '../../catalog/index.js'
import type { DB } from '../../db/database.js'
import { ServiceError } from '../../errors.js'
import { addPeriod, addUtcMonths, DAY_MS, paddleDate, paddleDateTime } from '../dates.js'
import type {
  CheckoutClient,
  PayLinkInput,
  PaymentProvider,
  PriceAmounts,
  PriceQuery,
  ProviderCharge,
  ProviderPayment,
  ProviderPrices,
  ProviderSubscription,
  SubscriptionUpdate,
  SubscriptionUpdateResult,
} from '../provider.js'
import { signAlert, type AlertFields } from '../signature.js'
import {
  paymentsDb,
  type PaymentsDB,
  type SandboxCheckoutTable,
  type SandboxPaymentTable,
  type SandboxSubscriptionTable,
} from '../tables.js'
import { checkCard, chargeSucceeds, type CardInput } from './cards.js'
import type { KeyPair } from './keys.js'
import { PAY_LINK_TTL_MS, payLinkKey, readPayLink, signPayLink } from './links.js'
import { round2, sandboxPrice, totalFor } from './pricing.js'
import { inTransaction } from '../../db/transaction.js'

export type SandboxOptions = {
  db: DB
  now: () => number
  log: (line: string) => void
  keys: KeyPair
  /** The service secret: pay links are signed with a key derived from it. */
  secret: Buffer
  /** Delivers a signed alert to the service's webhook handler. */
  deliver: (alert: AlertFields) => Promise<void>
  /** Approve flagged orders by themselves after this long (default: only from the review page). */
  reviewDelayMs?: number
}

export type SandboxCheckout = SandboxCheckoutTable
export type SandboxSubscription = SandboxSubscriptionTable
export type SandboxPayment = SandboxPaymentTable

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

export type FieldErrors = Partial<
  Record<'email' | 'country' | 'postcode' | 'cardNumber' | 'cardExpiry' | 'cardCvc', string>
>

export type PayResult =
  | { kind: 'invalid'; terms: CheckoutTerms; quote: CheckoutQuote; checkoutId: string; errors: FieldErrors }
  | { kind: 'complete' | 'flagged' | 'failed'; terms: CheckoutTerms; quote: CheckoutQuote; checkout: SandboxCheckout }

type Input = Record<string, string | undefined>

const CHECKOUT_ID = /^chk_[0-9a-hjkmnp-tv-z]{16}$/
const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'

export class SandboxProvider implements PaymentProvider {
  readonly environment = 'sandbox' as const
  readonly checkoutClient: CheckoutClient = {
    provider: 'sandbox',
    checkoutUrl: '/sandbox/checkout',
    pricesUrl: '/sandbox/api/2.0/prices',
  }
  private readonly db: PaymentsDB
  private readonly linkKey: Buffer
  private readonly timers = new Set<NodeJS.Timeout>()
  private sweeping: Promise<void> | null = null
  private closed = false

  constructor(private readonly options: SandboxOptions) {
    this.db = paymentsDb(options.db)
    this.linkKey = payLinkKey(options.secret)
  }

  webhookPublicKey(): string {
    return this.options.keys.publicKey
  }

  get reviewDelayMs(): number | undefined {
    return this.options.reviewDelayMs
  }

  close(): void {
    this.closed = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }

  // ------------------------------------------------------------------------------------------------ prices

  async prices(query: PriceQuery): Promise<ProviderPrices> {
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
  async pricesResponse(query: PriceQuery) {
    const prices = await this.prices(query)
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

  // ------------------------------------------------------------------------------------------------ checkout

  async generatePayLink(input: PayLinkInput): Promise<{ url: string }> {
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
        x: this.options.now() + PAY_LINK_TTL_MS,
      },
      this.linkKey,
    )
    return { url: `/sandbox/checkout?link=${encodeURIComponent(link)}` }
  }

  /**
   * The terms of a checkout from its URL or form: a signed pay link, or the inline checkout's parameters (product,
   * quantity, email, country, postcode, passthrough, coupon). The buyer's own fields (email, country, postcode) may
   * always be changed on the page.
   */
  resolveTerms(input: Input): { ok: true; terms: CheckoutTerms } | { ok: false; message: string } {
    const buyer = {
      email: input.email,
      country: input.country,
      postcode: input.postcode,
    }
    if (input.link) {
      const read = readPayLink(input.link, this.linkKey, this.options.now())
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
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 100) {
      return { ok: false, message: 'The quantity must be a whole number from 1 to 100.' }
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

  quote(terms: CheckoutTerms): CheckoutQuote {
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
              discount: round2(price.appliedCoupon.discount * terms.quantity),
            },
          }
        : {}),
      taxPercent: price.taxPercent,
      ...(countryOf(terms.country)?.taxName ? { taxName: countryOf(terms.country)!.taxName } : {}),
      ...(terms.plan ? { recurring: terms.plan.billingPeriod } : {}),
    }
  }

  /** A checkout id for a new page; kept in the form so that paying twice cannot charge twice. */
  newCheckoutId(): string {
    let id = 'chk_'
    for (let i = 0; i < 16; i++) id += ID_ALPHABET[crypto.randomInt(ID_ALPHABET.length)]
    return id
  }

  checkoutIdFrom(input: Input): string {
    return input.checkout && CHECKOUT_ID.test(input.checkout) ? input.checkout : this.newCheckoutId()
  }

  async findCheckout(id: string): Promise<SandboxCheckout | undefined> {
    return this.db.selectFrom('sandbox_checkouts').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** Pays a checkout with a test card: complete, flagged for review, or failed (see `cards.ts`). */
  async pay(input: Input, terms: CheckoutTerms): Promise<PayResult> {
    const now = this.options.now()
    const quote = this.quote(terms)
    const checkoutId = this.checkoutIdFrom(input)
    const existing = await this.findCheckout(checkoutId)
    if (existing?.state === 'pending') {
      // Paid, but interrupted before it was completed: complete it now.
      return { kind: 'complete', terms, quote, checkout: await this.complete(checkoutId) }
    }
    if (existing && existing.state !== 'failed') {
      // Already paid (or waiting for review): show its outcome again, never charge twice.
      return { kind: outcomeOf(existing.state), terms, quote, checkout: existing }
    }

    const errors: FieldErrors = {}
    const email = normalizeEmail(terms.email)
    if (!email) errors.email = 'Email address must be provided.'
    else if (!EMAIL_PATTERN.test(email)) errors.email = 'Email address is not valid.'
    if (!countryOf(terms.country)) errors.country = 'Choose a country from the list.'
    if (requiresZip(terms.country) && !terms.postcode) errors.postcode = 'Zip/Post code must be provided.'
    const card = checkCard(cardInput(input), now)
    if (!card.ok) Object.assign(errors, card.errors)
    if (Object.keys(errors).length > 0 || !card.ok) return { kind: 'invalid', terms, quote, checkoutId, errors }

    const declined = card.outcome === 'declined' || card.outcome === 'charges-fail'
    const state: SandboxCheckout['state'] = declined ? 'failed' : card.outcome === 'flagged' ? 'flagged' : 'complete'
    const row: SandboxCheckout = {
      id: checkoutId,
      product_id: terms.productId,
      title: terms.title,
      quantity: terms.quantity,
      email,
      country: terms.country,
      postcode: terms.postcode || null,
      passthrough: terms.passthrough,
      coupon: quote.appliedCoupon?.code ?? null,
      currency: quote.currency,
      net: quote.total.net,
      tax: quote.total.tax,
      gross: quote.total.gross,
      // A paid checkout is pending until its subscription and payment are recorded (below, in one transaction).
      state: state === 'complete' ? 'pending' : state,
      card_type: card.cardType,
      last_four: card.lastFour,
      card_expiry: card.expiry,
      subscription_id: null,
      order_id: null,
      case_id: state === 'flagged' ? String(crypto.randomInt(100_000, 999_999)) : null,
      return_url: terms.returnUrl ?? null,
      price_override: terms.priceOverride ?? null,
      review_due_at:
        state === 'flagged' && this.options.reviewDelayMs !== undefined ? now + this.options.reviewDelayMs : null,
      created_at: existing?.created_at ?? now,
      updated_at: now,
    }
    await this.db
      .insertInto('sandbox_checkouts')
      .values(row)
      .onConflict((oc) => {
        const { id: _id, created_at: _created, ...rest } = row
        return oc.column('id').doUpdateSet(rest)
      })
      .execute()

    if (state === 'failed') return { kind: 'failed', terms, quote, checkout: (await this.findCheckout(checkoutId))! }
    if (state === 'flagged') {
      await this.sendAlert('high_risk_transaction_created', {
        case_id: row.case_id!,
        checkout_id: checkoutId,
        created_at: paddleDateTime(now),
        customer_email_address: email,
        customer_user_id: userIdOf(email),
        marketing_consent: '0',
        passthrough: row.passthrough,
        product_id: row.product_id,
        risk_score: '87.50',
        status: 'pending',
      })
      this.scheduleReview(row.review_due_at)
      return { kind: 'flagged', terms, quote, checkout: (await this.findCheckout(checkoutId))! }
    }
    const completed = await this.complete(checkoutId)
    return { kind: 'complete', terms, quote, checkout: completed }
  }

  /**
   * Completes a paid (or approved) checkout: the sandbox's subscription and payment, then the alerts Paddle sends for
   * it (`subscription_created` and `subscription_payment_succeeded`, or `payment_succeeded` for a one-off product).
   */
  private async complete(checkoutId: string): Promise<SandboxCheckout> {
    const now = this.options.now()
    const result = await inTransaction(this.db, async (trx) => {
      const checkout = await trx
        .selectFrom('sandbox_checkouts')
        .selectAll()
        .where('id', '=', checkoutId)
        .executeTakeFirst()
      // A paid checkout (pending) or an approved flagged one; anything else was completed or refused already.
      if (!checkout || (checkout.state !== 'pending' && checkout.state !== 'flagged')) return null
      const plan = planByProviderId(checkout.product_id, 'sandbox')
      const orderId = `${crypto.randomInt(10_000_000, 99_999_999)}-${crypto.randomInt(1_000_000, 9_999_999)}`
      let subscription: SandboxSubscription | null = null
      if (plan) {
        subscription = {
          id: await unusedSubscriptionId(trx),
          checkout_id: checkout.id,
          plan_id: checkout.product_id,
          user_id: userIdOf(checkout.email),
          quantity: checkout.quantity,
          state: 'active',
          email: checkout.email,
          currency: checkout.currency,
          unit_price: round2(checkout.net / checkout.quantity),
          next_bill_date: addPeriod(now, plan.billingPeriod),
          paused_at: null,
          paused_from: null,
          payment_method: 'card',
          card_type: checkout.card_type,
          last_four: checkout.last_four,
          card_expiry: checkout.card_expiry,
          passthrough: checkout.passthrough,
          created_at: now,
          updated_at: now,
        }
        await trx.insertInto('sandbox_subscriptions').values(subscription).execute()
      }
      const payment: SandboxPayment = {
        id: unusedPaymentId(),
        subscription_id: subscription?.id ?? null,
        checkout_id: checkout.id,
        order_id: orderId,
        description: checkout.title ?? checkout.product_id,
        quantity: checkout.quantity,
        amount: checkout.gross,
        tax: checkout.tax,
        currency: checkout.currency,
        date: now,
        is_paid: 1,
        one_off: 0,
        customer_email: checkout.email,
        customer_name: customerNameOf(checkout.passthrough, checkout.email),
        country: checkout.country,
        card_type: checkout.card_type,
        last_four: checkout.last_four,
      }
      await trx.insertInto('sandbox_payments').values(payment).execute()
      await trx
        .updateTable('sandbox_checkouts')
        .set({
          state: 'complete',
          subscription_id: subscription?.id ?? null,
          order_id: orderId,
          review_due_at: null,
          updated_at: now,
        })
        .where('id', '=', checkout.id)
        .execute()
      return { checkout, plan, subscription, payment, orderId }
    })
    if (!result) return (await this.findCheckout(checkoutId))!
    const { checkout, plan, subscription, payment, orderId } = result
    const receiptUrl = receiptUrlOf(payment.id)
    if (plan && subscription) {
      await this.sendAlert('subscription_created', {
        checkout_id: checkout.id,
        currency: checkout.currency,
        email: checkout.email,
        marketing_consent: '0',
        next_bill_date: paddleDate(subscription.next_bill_date),
        passthrough: checkout.passthrough,
        quantity: String(checkout.quantity),
        source: '',
        status: 'active',
        subscription_id: subscription.id,
        subscription_plan_id: subscription.plan_id,
        unit_price: money(subscription.unit_price),
        user_id: subscription.user_id,
        update_url: updateUrlOf(subscription.id),
      })
      await this.sendAlert('subscription_payment_succeeded', {
        ...paymentFields(payment, checkout.country, checkout.coupon),
        checkout_id: checkout.id,
        customer_name: payment.customer_name,
        email: checkout.email,
        initial_payment: '1',
        instalments: '1',
        marketing_consent: '0',
        next_bill_date: paddleDate(subscription.next_bill_date),
        next_payment_amount: money(round2(subscription.unit_price * subscription.quantity)),
        order_id: orderId,
        passthrough: checkout.passthrough,
        plan_name: checkout.title ?? plan.key,
        quantity: String(checkout.quantity),
        receipt_url: receiptUrl,
        status: 'active',
        subscription_id: subscription.id,
        subscription_payment_id: payment.id,
        subscription_plan_id: subscription.plan_id,
        unit_price: money(subscription.unit_price),
        user_id: subscription.user_id,
      })
    } else {
      await this.sendAlert('payment_succeeded', {
        ...paymentFields(payment, checkout.country, checkout.coupon),
        checkout_id: checkout.id,
        customer_name: payment.customer_name,
        email: checkout.email,
        marketing_consent: '0',
        order_id: orderId,
        passthrough: checkout.passthrough,
        product_id: checkout.product_id,
        product_name: checkout.title ?? checkout.product_id,
        quantity: String(checkout.quantity),
        receipt_url: receiptUrl,
        used_price_override: checkout.price_override !== null ? 'true' : 'false',
      })
    }
    return (await this.findCheckout(checkoutId))!
  }

  // ------------------------------------------------------------------------------------------------ review

  /** Flagged orders waiting for the review's outcome, oldest first. */
  async reviewQueue(): Promise<SandboxCheckout[]> {
    await this.processDueReviews()
    return this.db
      .selectFrom('sandbox_checkouts')
      .selectAll()
      .where('state', '=', 'flagged')
      .orderBy('created_at')
      .execute()
  }

  /** The review's outcome: approve completes the order; reject fails it. Answers false when nothing was waiting. */
  async review(checkoutId: string, decision: 'approve' | 'reject'): Promise<boolean> {
    const now = this.options.now()
    const checkout = await this.findCheckout(checkoutId)
    if (!checkout || checkout.state !== 'flagged') return false
    if (decision === 'reject') {
      const updated = await this.db
        .updateTable('sandbox_checkouts')
        .set({ state: 'rejected', review_due_at: null, updated_at: now })
        .where('id', '=', checkoutId)
        .where('state', '=', 'flagged')
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) === 0) return false
    }
    await this.sendAlert('high_risk_transaction_updated', {
      case_id: checkout.case_id ?? '',
      checkout_id: checkout.id,
      created_at: paddleDateTime(checkout.created_at),
      customer_email_address: checkout.email,
      customer_user_id: userIdOf(checkout.email),
      marketing_consent: '0',
      order_id: '',
      passthrough: checkout.passthrough,
      product_id: checkout.product_id,
      risk_score: '87.50',
      status: decision === 'approve' ? 'accepted' : 'rejected',
    })
    if (decision === 'approve') await this.complete(checkoutId)
    return true
  }

  /** Approves flagged orders whose review delay has passed (SANDBOX_REVIEW_DELAY_SECONDS). */
  async processDueReviews(): Promise<void> {
    if (this.sweeping) return this.sweeping
    this.sweeping = (async () => {
      try {
        const due = await this.db
          .selectFrom('sandbox_checkouts')
          .select('id')
          .where('state', '=', 'flagged')
          .where('review_due_at', 'is not', null)
          .where('review_due_at', '<=', this.options.now())
          .execute()
        for (const { id } of due) await this.review(id, 'approve')
      } finally {
        this.sweeping = null
      }
    })()
    return this.sweeping
  }

  private scheduleReview(dueAt: number | null) {
    if (dueAt === null || this.closed) return
    const timer = setTimeout(
      () => {
        this.timers.delete(timer)
        if (this.closed) return
        this.processDueReviews().catch((err) => this.options.log(`sandbox: automatic review failed: ${String(err)}`))
      },
      Math.max(0, dueAt - this.options.now()),
    )
    timer.unref()
    this.timers.add(timer)
  }

  // ------------------------------------------------------------------------------------------------ subscription API

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    const sub = await this.requireSubscription(subscriptionId)
    const last = await this.db
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .where('is_paid', '=', 1)
      .orderBy('date', 'desc')
      .executeTakeFirst()
    const renews = sub.state === 'active' || sub.state === 'past_due'
    return {
      subscriptionId: sub.id,
      planId: sub.plan_id,
      userId: sub.user_id,
      email: sub.email,
      state: sub.state,
      quantity: sub.quantity,
      signupDate: sub.created_at,
      ...(last ? { lastPayment: { amount: last.amount, currency: last.currency, date: last.date } } : {}),
      ...(renews ? { nextPayment: this.nextPaymentOf(sub) } : {}),
      updateUrl: updateUrlOf(sub.id),
      ...(sub.paused_at !== null ? { pausedAt: sub.paused_at } : {}),
      ...(sub.paused_from !== null ? { pausedFrom: sub.paused_from } : {}),
      paymentMethod: sub.payment_method,
      ...(sub.card_type ? { cardType: sub.card_type } : {}),
      ...(sub.last_four ? { lastFourDigits: sub.last_four } : {}),
      ...(sub.card_expiry ? { cardExpiry: sub.card_expiry } : {}),
    }
  }

  /**
   * Paddle's update rules: a cancelled subscription cannot change; a paused one only restarts; a past-due one only
   * pauses; moving to a plan of another billing interval must bill immediately; the currency never changes. An
   * increase billed immediately is charged prorated for the rest of the term; a decrease takes effect at the next bill.
   */
  async updateSubscription(update: SubscriptionUpdate): Promise<SubscriptionUpdateResult> {
    const sub = await this.requireSubscription(update.subscriptionId)
    const now = this.options.now()
    if (sub.state === 'deleted') throw providerError('A cancelled subscription cannot be changed.')

    const changes = update.quantity !== undefined || update.planId !== undefined
    if (update.pause !== undefined && changes) {
      throw providerError('Pausing or restarting cannot be combined with other changes.')
    }
    if (update.pause === true) return this.pause(sub, now)
    if (update.pause === false) return this.restart(sub, now)
    if (sub.state === 'paused') {
      throw providerError('A paused subscription cannot be modified until it is restarted.')
    }
    if (sub.state === 'past_due' && changes) {
      throw providerError('A past-due subscription can only be paused until its payment method is updated.')
    }
    if (!changes) {
      if (update.passthrough !== undefined) {
        await this.db
          .updateTable('sandbox_subscriptions')
          .set({ passthrough: update.passthrough, updated_at: now })
          .where('id', '=', sub.id)
          .execute()
      }
      return { subscriptionId: sub.id, planId: sub.plan_id, nextPayment: this.nextPaymentOf(sub) }
    }

    const quantity = update.quantity ?? sub.quantity
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 100) {
      throw providerError('The quantity must be a whole number from 1 to 100.')
    }
    const currentPlan = planByProviderId(sub.plan_id, 'sandbox') ?? findPlan(sub.plan_id)
    const newPlanId = update.planId ?? sub.plan_id
    const newPlan = planByProviderId(newPlanId, 'sandbox') ?? findPlan(newPlanId)
    if (!currentPlan || !newPlan) throw providerError(`The plan ${newPlanId} is not known.`)
    const intervalChanges = newPlan.billingPeriod !== currentPlan.billingPeriod
    if (intervalChanges && update.billImmediately !== true) {
      throw providerError('Moving to a plan with a different billing interval must be billed immediately.')
    }
    const newUnitPrice =
      newPlan.key === currentPlan.key
        ? sub.unit_price
        : round2(sub.unit_price * (newPlan.listPrice / currentPlan.listPrice))

    let charge = 0
    let nextBill = sub.next_bill_date
    const remaining = remainingFraction(sub.next_bill_date, currentPlan.billingPeriod, now)
    if (intervalChanges || (newPlan.key !== currentPlan.key && update.billImmediately)) {
      // A new term starts now; what is left of the old term is credited when prorated.
      const credit = update.prorate === false ? 0 : sub.unit_price * sub.quantity * remaining
      charge = round2(Math.max(0, newUnitPrice * quantity - credit))
      nextBill = addPeriod(now, newPlan.billingPeriod)
    } else if (quantity > sub.quantity && update.billImmediately && update.prorate !== false) {
      charge = round2(newUnitPrice * (quantity - sub.quantity) * remaining)
    }
    if (charge > 0 && !chargeSucceeds(sub.last_four)) {
      throw new ServiceError('CHARGE_ERROR', 'The payment for this change was declined by the card on file.')
    }

    const updated: SandboxSubscription = {
      ...sub,
      quantity,
      plan_id: newPlanId,
      unit_price: newUnitPrice,
      next_bill_date: nextBill,
      updated_at: now,
    }
    const payment = charge > 0 ? this.paymentFor(updated, charge, newPlan, now, 0) : null
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('sandbox_subscriptions')
        .set({ quantity, plan_id: newPlanId, unit_price: newUnitPrice, next_bill_date: nextBill, updated_at: now })
        .where('id', '=', sub.id)
        .execute()
      if (payment) await trx.insertInto('sandbox_payments').values(payment).execute()
    })
    await this.sendUpdated(sub, updated)
    if (payment) await this.sendPaymentSucceeded(updated, payment)
    return { subscriptionId: sub.id, planId: newPlanId, nextPayment: this.nextPaymentOf(updated) }
  }

  /** Pausing stops billing now: the state is paused and there is no next payment until it restarts. */
  private async pause(sub: SandboxSubscription, now: number): Promise<SubscriptionUpdateResult> {
    if (sub.state === 'paused') throw providerError('The subscription is already paused.')
    const updated: SandboxSubscription = { ...sub, state: 'paused', paused_at: now, paused_from: now, updated_at: now }
    await this.db
      .updateTable('sandbox_subscriptions')
      .set({ state: 'paused', paused_at: now, paused_from: now, updated_at: now })
      .where('id', '=', sub.id)
      .execute()
    await this.sendUpdated(sub, updated, 'voluntary')
    return { subscriptionId: sub.id, planId: sub.plan_id }
  }

  /**
   * Restarting: while the paid term has not ended, billing simply resumes at its end; once it has, the card is
   * charged now for a new term (the spec's "restart charges immediately, then resumes").
   */
  private async restart(sub: SandboxSubscription, now: number): Promise<SubscriptionUpdateResult> {
    if (sub.state !== 'paused') throw providerError('Only a paused subscription can be restarted.')
    const plan = planByProviderId(sub.plan_id, 'sandbox') ?? findPlan(sub.plan_id)
    if (!plan) throw providerError(`The plan ${sub.plan_id} is not known.`)
    const termOver = sub.next_bill_date <= now
    if (termOver && !chargeSucceeds(sub.last_four)) {
      throw new ServiceError(
        'CHARGE_ERROR',
        'The payment to restart the subscription was declined by the card on file.',
      )
    }
    const nextBill = termOver ? addPeriod(now, plan.billingPeriod) : sub.next_bill_date
    const updated: SandboxSubscription = {
      ...sub,
      state: 'active',
      paused_at: null,
      paused_from: null,
      next_bill_date: nextBill,
      updated_at: now,
    }
    const payment = termOver ? this.paymentFor(updated, round2(sub.unit_price * sub.quantity), plan, now, 0) : null
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('sandbox_subscriptions')
        .set({ state: 'active', paused_at: null, paused_from: null, next_bill_date: nextBill, updated_at: now })
        .where('id', '=', sub.id)
        .execute()
      if (payment) await trx.insertInto('sandbox_payments').values(payment).execute()
    })
    await this.sendUpdated(sub, updated)
    if (payment) await this.sendPaymentSucceeded(updated, payment)
    return { subscriptionId: sub.id, planId: sub.plan_id, nextPayment: this.nextPaymentOf(updated) }
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    const sub = await this.requireSubscription(subscriptionId)
    if (sub.state === 'deleted') throw providerError('The subscription is already cancelled.')
    const now = this.options.now()
    await this.db
      .updateTable('sandbox_subscriptions')
      .set({ state: 'deleted', updated_at: now })
      .where('id', '=', sub.id)
      .execute()
    await this.sendAlert('subscription_cancelled', {
      // Access lasts to the end of the paid term.
      cancellation_effective_date: paddleDate(sub.state === 'paused' ? (sub.paused_from ?? now) : sub.next_bill_date),
      checkout_id: sub.checkout_id,
      currency: sub.currency,
      email: sub.email,
      marketing_consent: '0',
      passthrough: sub.passthrough,
      quantity: String(sub.quantity),
      status: 'deleted',
      subscription_id: sub.id,
      subscription_plan_id: sub.plan_id,
      unit_price: money(sub.unit_price),
      user_id: sub.user_id,
    })
  }

  /**
   * A one-off charge on the subscription's card. The charge is answered synchronously (the caller records what it
   * bought); no webhook is sent for it.
   */
  async charge(subscriptionId: string, amount: number, chargeName: string): Promise<ProviderCharge> {
    const sub = await this.requireSubscription(subscriptionId)
    if (sub.state === 'deleted') throw providerError('A cancelled subscription cannot be charged.')
    if (!(amount > 0)) throw providerError('The amount must be positive.')
    if (!chargeSucceeds(sub.last_four)) throw new ServiceError('CHARGE_ERROR', 'The card on file was declined.')
    const now = this.options.now()
    const plan = planByProviderId(sub.plan_id, 'sandbox') ?? findPlan(sub.plan_id)
    const payment: SandboxPayment = {
      ...this.paymentFor(sub, round2(amount), plan, now, 1),
      description: chargeName.slice(0, 50),
    }
    await this.db.insertInto('sandbox_payments').values(payment).execute()
    return {
      invoiceId: payment.id,
      subscriptionId: sub.id,
      amount: payment.amount,
      currency: payment.currency,
      paymentDate: now,
      receiptUrl: receiptUrlOf(payment.id),
      orderId: payment.order_id,
      status: 'success',
    }
  }

  async payments(subscriptionId: string): Promise<ProviderPayment[]> {
    const sub = await this.requireSubscription(subscriptionId)
    const rows = await this.db
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .orderBy('date')
      .execute()
    return rows.map((p) => ({
      id: p.id,
      subscriptionId: sub.id,
      amount: p.amount,
      currency: p.currency,
      date: p.date,
      isPaid: p.is_paid === 1,
      receiptUrl: receiptUrlOf(p.id),
      isOneOffCharge: p.one_off === 1,
    }))
  }

  // ------------------------------------------------------------------------------------------------ update payment

  /** The subscription an update-payment URL names: the sandbox's id, or the vendor's (the demo data's URLs). */
  async subscriptionForUpdateUrl(id: string): Promise<SandboxSubscription | undefined> {
    const own = await this.findSubscription(id)
    if (own) return own
    const vendor = await this.db
      .selectFrom('subscriptions')
      .select('provider_subscription_id')
      .where('id', '=', id)
      .executeTakeFirst()
    return vendor?.provider_subscription_id ? this.findSubscription(vendor.provider_subscription_id) : undefined
  }

  /**
   * Replaces a subscription's card. A past-due subscription is charged again at once with the new card and, when that
   * succeeds, is active again with a new term.
   */
  async updatePaymentMethod(
    subscriptionId: string,
    input: CardInput,
  ): Promise<
    | { ok: true; subscription: SandboxSubscription; retried: 'paid' | 'declined' | null }
    | { ok: false; errors: FieldErrors }
  > {
    const sub = await this.requireSubscription(subscriptionId)
    const now = this.options.now()
    if (sub.state === 'deleted') return { ok: false, errors: { cardNumber: 'This subscription has been cancelled.' } }
    const card = checkCard(input, now)
    if (!card.ok) return { ok: false, errors: card.errors }
    if (card.outcome === 'declined') return { ok: false, errors: { cardNumber: 'The card was declined.' } }

    let updated: SandboxSubscription = {
      ...sub,
      payment_method: 'card',
      card_type: card.cardType,
      last_four: card.lastFour,
      card_expiry: card.expiry,
      updated_at: now,
    }
    let payment: SandboxPayment | null = null
    let retried: 'paid' | 'declined' | null = null
    if (sub.state === 'past_due') {
      const plan = planByProviderId(sub.plan_id, 'sandbox') ?? findPlan(sub.plan_id)
      if (chargeSucceeds(card.lastFour) && plan) {
        updated = { ...updated, state: 'active', next_bill_date: addPeriod(now, plan.billingPeriod) }
        payment = this.paymentFor(updated, round2(sub.unit_price * sub.quantity), plan, now, 0)
        retried = 'paid'
      } else {
        retried = 'declined'
      }
    }
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('sandbox_subscriptions')
        .set({
          payment_method: 'card',
          card_type: updated.card_type,
          last_four: updated.last_four,
          card_expiry: updated.card_expiry,
          state: updated.state,
          next_bill_date: updated.next_bill_date,
          updated_at: now,
        })
        .where('id', '=', sub.id)
        .execute()
      if (payment) await trx.insertInto('sandbox_payments').values(payment).execute()
    })
    await this.sendUpdated(sub, updated)
    if (payment) await this.sendPaymentSucceeded(updated, payment)
    if (retried === 'declined') await this.sendPaymentFailed(updated, now)
    return { ok: true, subscription: updated, retried }
  }

  // ------------------------------------------------------------------------------------------------ receipts

  /** A receipt: the sandbox's own payment, or (for the demo data, which has no sandbox records) the vendor's. */
  async receipt(paymentId: string): Promise<Receipt | undefined> {
    const own = await this.db.selectFrom('sandbox_payments').selectAll().where('id', '=', paymentId).executeTakeFirst()
    if (own) {
      return {
        id: own.id,
        orderId: own.order_id,
        date: own.date,
        description: own.description,
        quantity: own.quantity,
        currency: own.currency,
        amount: own.amount,
        tax: own.tax,
        taxName: countryOf(own.country)?.taxName,
        customerName: own.customer_name,
        customerEmail: own.customer_email,
        card: own.last_four ? `${own.card_type ?? 'card'} ending in ${own.last_four}` : undefined,
      }
    }
    const vendor = await this.db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .leftJoin('subscriptions', 'subscriptions.id', 'payments.subscription_id')
      .select([
        'payments.id as id',
        'payments.order_id as orderId',
        'payments.date as date',
        'payments.currency as currency',
        'payments.amount as amount',
        'orders.customer_name as customerName',
        'orders.customer_email as customerEmail',
        'subscriptions.product_name as subscriptionProduct',
        'subscriptions.quantity as subscriptionQuantity',
      ])
      .where('payments.id', '=', paymentId)
      .executeTakeFirst()
    if (!vendor) return undefined
    const licenses = await this.db
      .selectFrom('licenses')
      .select(['product_name'])
      .where('order_id', '=', vendor.orderId ?? '')
      .execute()
    return {
      id: vendor.id,
      orderId: vendor.orderId ?? '',
      date: Number(vendor.date),
      description: vendor.subscriptionProduct ?? licenses[0]?.product_name ?? 'Licenses',
      quantity: vendor.subscriptionQuantity ?? Math.max(1, licenses.length),
      currency: vendor.currency,
      amount: vendor.amount,
      tax: 0,
      customerName: vendor.customerName,
      customerEmail: vendor.customerEmail,
    }
  }

  // ------------------------------------------------------------------------------------------------ internals

  /** Also used by the renewal charges (renewals.ts). */
  async findSubscription(id: string): Promise<SandboxSubscription | undefined> {
    const own = await this.db.selectFrom('sandbox_subscriptions').selectAll().where('id', '=', id).executeTakeFirst()
    return own ?? (await this.adopt(id))
  }

  private async requireSubscription(id: string): Promise<SandboxSubscription> {
    const sub = await this.findSubscription(id)
    if (!sub) throw providerError(`The subscription ${id} does not exist.`)
    return sub
  }

  /** Takes over a subscription that exists only in the vendor's store (the demo data), with its payments. */
  private async adopt(providerId: string): Promise<SandboxSubscription | undefined> {
    const vendor = await this.db
      .selectFrom('subscriptions')
      .innerJoin('orders', 'orders.id', 'subscriptions.order_id')
      .selectAll('subscriptions')
      .select([
        'orders.customer_email as customerEmail',
        'orders.customer_name as customerName',
        'orders.referrer as referrer',
        'orders.provider_checkout_id as checkoutId',
      ])
      .where('subscriptions.provider_subscription_id', '=', providerId)
      .executeTakeFirst()
    if (!vendor) return undefined
    const expiry = await this.db
      .selectFrom('licenses')
      .select((eb) => eb.fn.max('expiration').as('latest'))
      .where('subscription_id', '=', vendor.id)
      .executeTakeFirst()
    const state: SandboxSubscription['state'] =
      vendor.state === 'pastDue'
        ? 'past_due'
        : vendor.state === 'paused'
          ? 'paused'
          : vendor.state === 'deleted'
            ? 'deleted'
            : 'active'
    const plan = findPlan(vendor.plan_id)
    const row: SandboxSubscription = {
      id: providerId,
      checkout_id: vendor.checkoutId ?? '',
      plan_id: plan ? plan.providerIds.sandbox : vendor.plan_id,
      user_id: userIdOf(vendor.customerEmail),
      quantity: vendor.quantity,
      state,
      email: vendor.customerEmail,
      currency: vendor.currency,
      unit_price: vendor.unit_price,
      next_bill_date: Number(vendor.next_payment_date ?? expiry?.latest ?? vendor.updated_at),
      paused_at: state === 'paused' ? Number(vendor.updated_at) : null,
      paused_from: state === 'paused' ? Number(vendor.updated_at) : null,
      payment_method: vendor.payment_method ?? 'card',
      card_type: vendor.card_type,
      last_four: vendor.last_four,
      card_expiry: vendor.card_expiry,
      passthrough: JSON.stringify({
        name: vendor.customerName,
        ...(vendor.referrer ? { referrer: vendor.referrer } : {}),
      }),
      created_at: Number(vendor.created_at),
      updated_at: Number(vendor.updated_at),
    }
    const payments = await this.db.selectFrom('payments').selectAll().where('subscription_id', '=', vendor.id).execute()
    await inTransaction(this.db, async (trx) => {
      await trx
        .insertInto('sandbox_subscriptions')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute()
      for (const p of payments) {
        await trx
          .insertInto('sandbox_payments')
          .values({
            id: p.id,
            subscription_id: providerId,
            checkout_id: vendor.checkoutId,
            order_id: p.order_id ?? vendor.order_id,
            description: vendor.product_name,
            quantity: vendor.quantity,
            amount: p.amount,
            tax: 0,
            currency: p.currency,
            date: Number(p.date),
            is_paid: 1,
            one_off: 0,
            customer_email: vendor.customerEmail,
            customer_name: vendor.customerName,
            country: 'US',
            card_type: vendor.card_type,
            last_four: vendor.last_four,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute()
      }
    })
    return this.db.selectFrom('sandbox_subscriptions').selectAll().where('id', '=', providerId).executeTakeFirst()
  }

  private nextPaymentOf(sub: SandboxSubscription) {
    return { amount: round2(sub.unit_price * sub.quantity), currency: sub.currency, date: sub.next_bill_date }
  }

  paymentFor(
    sub: SandboxSubscription,
    amount: number,
    plan: Plan | undefined,
    now: number,
    oneOff: 0 | 1,
  ): SandboxPayment {
    return {
      id: unusedPaymentId(),
      subscription_id: sub.id,
      checkout_id: sub.checkout_id || null,
      order_id: `${crypto.randomInt(10_000_000, 99_999_999)}-${crypto.randomInt(1_000_000, 9_999_999)}`,
      description: plan ? planTitle(plan) : sub.plan_id,
      quantity: sub.quantity,
      amount,
      tax: 0,
      currency: sub.currency,
      date: now,
      is_paid: 1,
      one_off: oneOff,
      customer_email: sub.email,
      customer_name: customerNameOf(sub.passthrough, sub.email),
      country: 'US',
      card_type: sub.card_type,
      last_four: sub.last_four,
    }
  }

  private async sendUpdated(before: SandboxSubscription, after: SandboxSubscription, pausedReason?: 'voluntary') {
    const renews = after.state === 'active' || after.state === 'past_due'
    await this.sendAlert('subscription_updated', {
      checkout_id: after.checkout_id,
      currency: after.currency,
      email: after.email,
      marketing_consent: '0',
      new_price: money(round2(after.unit_price * after.quantity)),
      new_quantity: String(after.quantity),
      new_unit_price: money(after.unit_price),
      next_bill_date: renews ? paddleDate(after.next_bill_date) : '',
      old_next_bill_date: paddleDate(before.next_bill_date),
      old_price: money(round2(before.unit_price * before.quantity)),
      old_quantity: String(before.quantity),
      old_status: before.state,
      old_subscription_plan_id: before.plan_id,
      old_unit_price: money(before.unit_price),
      passthrough: after.passthrough,
      ...(after.state === 'paused'
        ? {
            paused_at: paddleDateTime(after.paused_at ?? this.options.now()),
            paused_from: paddleDateTime(after.paused_from ?? this.options.now()),
            paused_reason: pausedReason ?? 'voluntary',
          }
        : {}),
      status: after.state,
      subscription_id: after.id,
      subscription_plan_id: after.plan_id,
      update_url: updateUrlOf(after.id),
      user_id: after.user_id,
    })
  }

  async sendPaymentSucceeded(sub: SandboxSubscription, payment: SandboxPayment) {
    await this.sendAlert('subscription_payment_succeeded', {
      ...paymentFields(payment, payment.country, null),
      checkout_id: sub.checkout_id,
      customer_name: payment.customer_name,
      email: sub.email,
      initial_payment: '0',
      instalments: String(
        Number(
          (
            await this.db
              .selectFrom('sandbox_payments')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('subscription_id', '=', sub.id)
              .where('one_off', '=', 0)
              .executeTakeFirst()
          )?.n ?? 1,
        ),
      ),
      marketing_consent: '0',
      next_bill_date: paddleDate(sub.next_bill_date),
      next_payment_amount: money(round2(sub.unit_price * sub.quantity)),
      order_id: payment.order_id,
      passthrough: sub.passthrough,
      plan_name: payment.description,
      quantity: String(sub.quantity),
      receipt_url: receiptUrlOf(payment.id),
      status: sub.state,
      subscription_id: sub.id,
      subscription_payment_id: payment.id,
      subscription_plan_id: sub.plan_id,
      unit_price: money(sub.unit_price),
      user_id: sub.user_id,
    })
  }

  async sendPaymentFailed(sub: SandboxSubscription, now: number) {
    await this.sendAlert('subscription_payment_failed', {
      amount: money(round2(sub.unit_price * sub.quantity)),
      attempt_number: '1',
      checkout_id: sub.checkout_id,
      currency: sub.currency,
      email: sub.email,
      instalments: '1',
      marketing_consent: '0',
      next_retry_date: paddleDate(now + 3 * DAY_MS),
      order_id: '',
      passthrough: sub.passthrough,
      quantity: String(sub.quantity),
      status: 'past_due',
      subscription_id: sub.id,
      subscription_payment_id: unusedPaymentId(),
      subscription_plan_id: sub.plan_id,
      unit_price: money(sub.unit_price),
      update_url: updateUrlOf(sub.id),
      user_id: sub.user_id,
    })
  }

  /** Signs an alert with the sandbox's private key and hands it to the service's webhook handler. */
  private async sendAlert(name: string, fields: Record<string, string>) {
    const now = this.options.now()
    const alert: AlertFields = {
      alert_id: `${now}${crypto.randomInt(100_000, 999_999)}`,
      alert_name: name,
      event_time: paddleDateTime(now),
      ...fields,
    }
    await this.options.deliver(signAlert(alert, this.options.keys.privateKey))
  }
}

export type Receipt = {
  id: string
  orderId: string
  date: number
  description: string
  quantity: number
  currency: string
  amount: number
  tax: number
  taxName?: string
  customerName: string
  customerEmail: string
  card?: string
}

function providerError(message: string): ServiceError {
  return new ServiceError('PROVIDER_ERROR', message)
}

function outcomeOf(state: SandboxCheckout['state']): 'complete' | 'flagged' | 'failed' {
  return state === 'complete' || state === 'pending' ? 'complete' : state === 'flagged' ? 'flagged' : 'failed'
}

function cardInput(input: Input): CardInput {
  return { number: input.cardNumber ?? '', expiry: input.cardExpiry ?? '', cvc: input.cardCvc ?? '' }
}

/** "Wallaby.js Organization, yearly" */
export function planTitle(plan: Plan): string {
  return `${plan.product.name} ${plan.type === 'organization' ? 'Organization' : 'Personal'}, ${
    plan.billingPeriod === 'year' ? 'yearly' : 'monthly'
  }`
}

/** The part of the term still ahead, 0..1. */
function remainingFraction(nextBill: number, period: 'month' | 'year', now: number): number {
  const start = addUtcMonths(nextBill, period === 'year' ? -12 : -1)
  const length = nextBill - start
  return length > 0 ? Math.min(1, Math.max(0, (nextBill - now) / length)) : 0
}

/** A new provider subscription id (8 digits), unused by the sandbox and by the vendor's store (the demo's have 7). */
async function unusedSubscriptionId(db: Pick<PaymentsDB, 'selectFrom'>): Promise<string> {
  for (;;) {
    const id = String(crypto.randomInt(10_000_000, 99_999_999))
    const own = await db.selectFrom('sandbox_subscriptions').select('id').where('id', '=', id).executeTakeFirst()
    const vendor = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('provider_subscription_id', '=', id)
      .executeTakeFirst()
    if (!own && !vendor) return id
  }
}

function money(n: number): string {
  return n.toFixed(2)
}

function unusedPaymentId(): string {
  // Nine digits: never the demo data's `pay_…` ids, which the receipt page also serves.
  return String(crypto.randomInt(100_000_000, 999_999_999))
}

function userIdOf(email: string): string {
  return String(parseInt(crypto.createHash('sha1').update(normalizeEmail(email)).digest('hex').slice(0, 7), 16))
}

function customerNameOf(passthrough: string, email: string): string {
  try {
    const value = JSON.parse(passthrough) as { name?: unknown }
    if (typeof value.name === 'string' && value.name.trim()) return value.name.trim()
  } catch {
    // not JSON: no name in it
  }
  return email
}

export function receiptUrlOf(paymentId: string): string {
  return `/sandbox/receipts/${paymentId}`
}

export function updateUrlOf(subscriptionId: string): string {
  return `/sandbox/update-payment/${subscriptionId}`
}

function paymentFields(payment: SandboxPayment, country: string, coupon: string | null): Record<string, string> {
  const fee = round2(payment.amount * 0.05 + 0.5)
  return {
    country,
    coupon: coupon ?? '',
    currency: payment.currency,
    earnings: money(round2(payment.amount - payment.tax - fee)),
    fee: money(fee),
    payment_method: 'card',
    payment_tax: money(payment.tax),
    sale_gross: money(payment.amount),
  }
}
