// The sandbox payment provider (docs/decisions/0010-payments-behind-one-seam.md): Paddle Classic's shapes, offline,
// its webhooks delivered in process; its records are its own tables in the shared store, so any instance completes a
// checkout. It adopts the demo's subscriptions from the vendor's store when first asked (`core.ts`).
import type {
  CheckoutClient,
  PayLinkInput,
  PaymentProvider,
  PriceQuery,
  ProviderCharge,
  ProviderPayment,
  ProviderPrices,
  ProviderSubscription,
  SubscriptionUpdate,
  SubscriptionUpdatePreview,
  SubscriptionUpdateResult,
} from '../service/payments/provider.js'
import type { CardInput } from './cards.js'
import { findCheckout, pay, type PayResult } from './checkout.js'
import { sendPaymentFailed, sendPaymentSucceeded } from './alerts.js'
import {
  findSubscription,
  type Sandbox,
  type SandboxCheckout,
  type SandboxOptions,
  type SandboxPayment,
  type SandboxSubscription,
} from './core.js'
import { payLinkKey } from './links.js'
import { receipt, type Receipt } from './receipts.js'
import { SandboxReviews } from './review.js'
import * as subscriptions from './subscriptions.js'
import * as paymentMethod from './payment-method.js'
import {
  checkoutIdFrom,
  generatePayLink,
  newCheckoutId,
  pricesResponse,
  quoteFor,
  quotedPrices,
  resolveTerms,
  type CheckoutQuote,
  type CheckoutTerms,
  type Input,
} from './terms.js'

export class SandboxProvider implements PaymentProvider {
  readonly environment = 'sandbox' as const
  readonly checkoutClient: CheckoutClient = {
    provider: 'sandbox',
    checkoutUrl: '/sandbox/checkout',
    pricesUrl: '/sandbox/api/2.0/prices',
  }
  private readonly sb: Sandbox
  private readonly reviews: SandboxReviews

  constructor(private readonly options: SandboxOptions) {
    this.sb = { options, db: options.db, linkKey: payLinkKey(options.secret) }
    this.reviews = new SandboxReviews(this.sb)
  }

  webhookPublicKey(): string {
    return this.options.keys.publicKey
  }

  get reviewDelayMs(): number | undefined {
    return this.options.reviewDelayMs
  }

  close(): void {
    this.reviews.close()
  }

  // ─── checkout ──────────────────────────────────────────────────────────────────────────────────────────────────────

  async prices(query: PriceQuery): Promise<ProviderPrices> {
    return quotedPrices(query)
  }

  /** The prices API's wire format, as Paddle's `checkout.paddle.com/api/2.0/prices` answers it. */
  async pricesResponse(query: PriceQuery) {
    return pricesResponse(query)
  }

  generatePayLink(input: PayLinkInput): Promise<{ url: string }> {
    return generatePayLink(this.sb, input)
  }

  resolveTerms(input: Input): { ok: true; terms: CheckoutTerms } | { ok: false; message: string } {
    return resolveTerms(this.sb, input)
  }

  quote(terms: CheckoutTerms): CheckoutQuote {
    return quoteFor(terms)
  }

  /** A checkout id for a new page; kept in the form so that paying twice cannot charge twice. */
  newCheckoutId(): string {
    return newCheckoutId()
  }

  checkoutIdFrom(input: Input, terms?: CheckoutTerms): string {
    return checkoutIdFrom(input, terms)
  }

  findCheckout(id: string): Promise<SandboxCheckout | undefined> {
    return findCheckout(this.sb, id)
  }

  /** Pays a checkout with a test card: complete, flagged for review (and its automatic review timed), or failed. */
  async pay(input: Input, terms: CheckoutTerms): Promise<PayResult> {
    const result = await pay(this.sb, input, terms)
    if (result.kind === 'flagged') this.reviews.schedule(result.checkout.review_due_at)
    return result
  }

  // ─── review ────────────────────────────────────────────────────────────────────────────────────────────────────────

  reviewQueue(): Promise<SandboxCheckout[]> {
    return this.reviews.queue()
  }

  review(checkoutId: string, decision: 'approve' | 'reject'): Promise<boolean> {
    return this.reviews.decide(checkoutId, decision)
  }

  processDueReviews(): Promise<void> {
    return this.reviews.processDue()
  }

  // ─── subscription API ──────────────────────────────────────────────────────────────────────────────────────────────

  /** A subscription of the sandbox's own, adopting one of the demo data's (for the time-driven charges). */
  findSubscription(id: string): Promise<SandboxSubscription | undefined> {
    return findSubscription(this.sb, id)
  }

  /** Sends the alert of a charge that went through (for the time-driven charges). */
  sendPaymentSucceeded(sub: SandboxSubscription, payment: SandboxPayment): Promise<void> {
    return sendPaymentSucceeded(this.sb, sub, payment)
  }

  /** Sends the alert of a charge that failed (for the time-driven charges). */
  sendPaymentFailed(sub: SandboxSubscription, now: number): Promise<void> {
    return sendPaymentFailed(this.sb, sub, now)
  }

  getSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return subscriptions.getSubscription(this.sb, subscriptionId)
  }

  updateSubscription(update: SubscriptionUpdate): Promise<SubscriptionUpdateResult> {
    return subscriptions.updateSubscription(this.sb, update)
  }

  previewSubscriptionUpdate(update: SubscriptionUpdate): Promise<SubscriptionUpdatePreview> {
    return subscriptions.previewUpdate(this.sb, update)
  }

  cancelSubscription(subscriptionId: string): Promise<void> {
    return subscriptions.cancelSubscription(this.sb, subscriptionId)
  }

  charge(subscriptionId: string, amount: number, chargeName: string): Promise<ProviderCharge> {
    return subscriptions.charge(this.sb, subscriptionId, amount, chargeName)
  }

  payments(subscriptionId: string): Promise<ProviderPayment[]> {
    return subscriptions.payments(this.sb, subscriptionId)
  }

  subscriptionForUpdateUrl(id: string): Promise<SandboxSubscription | undefined> {
    return paymentMethod.subscriptionForUpdateUrl(this.sb, id)
  }

  updatePaymentMethod(subscriptionId: string, input: CardInput): Promise<paymentMethod.PaymentMethodUpdate> {
    return paymentMethod.updatePaymentMethod(this.sb, subscriptionId, input)
  }

  // ─── receipts ──────────────────────────────────────────────────────────────────────────────────────────────────────

  receipt(paymentId: string): Promise<Receipt | undefined> {
    return receipt(this.sb, paymentId)
  }
}
