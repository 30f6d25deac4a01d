// The sandbox provider's pages: checkout, its outcome, update payment, receipts and the review of flagged orders.
import { EMAIL_PATTERN } from '../protocol/email.js'
import { countries, requiresZip } from '../service/catalog/index.js'
import { formatPrice } from '../protocol/money.js'
import { formatDate } from '../protocol/dates.js'
import { escapeHtml } from '../service/dispatch/html.js'
import { MODE, page, type PageTheme } from './layout.js'
import { failureReason, type FieldErrors } from './checkout.js'
import { termCharge, type SandboxCheckout, type SandboxSubscription } from './core.js'
import type { Receipt } from './receipts.js'
import type { CheckoutQuote, CheckoutTerms } from './terms.js'
import { TEST_CARDS } from './cards.js'
import { cardBrandName } from '../protocol/payment-methods.js'

function field(options: {
  name: string
  label: string
  value?: string
  error?: string
  type?: string
  autocomplete?: string
  inputmode?: string
  hint?: string
  required?: boolean
  placeholder?: string
}): string {
  const id = `f-${options.name}`
  const described = [options.hint ? `${id}-hint` : '', options.error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return `<div><label for="${id}">${escapeHtml(options.label)}</label>
<input id="${id}" name="${options.name}" type="${options.type ?? 'text'}" value="${escapeHtml(options.value ?? '')}"${
    options.autocomplete ? ` autocomplete="${options.autocomplete}"` : ''
  }${options.inputmode ? ` inputmode="${options.inputmode}"` : ''}${options.required ? ' aria-required="true"' : ''}${
    options.placeholder ? ` placeholder="${escapeHtml(options.placeholder)}"` : ''
  }${options.error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
${options.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(options.hint)}</p>` : ''}${
    options.error ? `<p class="error" id="${id}-error">${escapeHtml(options.error)}</p>` : ''
  }</div>`
}

/** What of the card a refused form shows again: everything but its number, which is typed afresh. */
export type KeptCard = { expiry?: string; cvc?: string }

function cardFields(errors: FieldErrors, kept: KeptCard): string {
  return `${field({ name: 'cardNumber', label: 'Card number', error: errors.cardNumber, autocomplete: 'cc-number', inputmode: 'numeric', required: true })}
<div class="row">${field({ name: 'cardExpiry', label: 'Expiry date', value: kept.expiry?.slice(0, 10), error: errors.cardExpiry, autocomplete: 'cc-exp', hint: 'MM/YY', required: true })}
${field({ name: 'cardCvc', label: 'Security code', value: kept.cvc?.slice(0, 4), error: errors.cardCvc, autocomplete: 'cc-csc', inputmode: 'numeric', required: true })}</div>`
}

function testCards(): string {
  const rows = TEST_CARDS.map(
    (c) => `<tr><td>${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</td><td>${escapeHtml(c.description)}</td></tr>`,
  ).join('')
  return `<section aria-labelledby="test-cards"><h2 id="test-cards">Test cards</h2>
<table><thead><tr><th scope="col">Card number</th><th scope="col">Outcome</th></tr></thead><tbody>${rows}</tbody></table>
<p class="hint">Any expiry date in the future and any 3-digit security code.</p></section>`
}

function errorSummary(errors: FieldErrors): string {
  const entries = Object.entries(errors).filter(([, message]) => message)
  if (entries.length === 0) return ''
  const items = entries.map(([name, message]) => `<li><a href="#f-${name}">${escapeHtml(message!)}</a></li>`).join('')
  return `<div class="alert" role="alert"><p><strong>Please check the form:</strong></p><ul>${items}</ul></div>`
}

function orderSummary(terms: CheckoutTerms, quote: CheckoutQuote): string {
  const billing = quote.recurring ? (quote.recurring === 'year' ? 'Every year' : 'Every month') : 'Once'
  const taxLabel = `${quote.taxName ?? 'Tax'} (${quote.taxPercent}%)`
  return `<section aria-labelledby="order"><h2 id="order">Your order</h2>
<dl class="summary">
<dt>Product</dt><dd>${escapeHtml(terms.title)}</dd>
<dt>Quantity</dt><dd>${terms.quantity}</dd>
<dt>Billing</dt><dd>${billing}</dd>
${quote.appliedCoupon ? `<dt>Price before coupon</dt><dd>${formatPrice(quote.listTotal.net, quote.currency)}</dd><dt>Coupon ${escapeHtml(quote.appliedCoupon.code)}</dt><dd>-${formatPrice(quote.appliedCoupon.discount, quote.currency)}</dd>` : ''}
<dt>Subtotal</dt><dd>${formatPrice(quote.total.net, quote.currency)}</dd>
<dt>${escapeHtml(taxLabel)}</dt><dd>${formatPrice(quote.total.tax, quote.currency)}</dd>
<dt class="total">Total (${quote.currency})</dt><dd class="total">${formatPrice(quote.total.gross, quote.currency)}</dd>
</dl>${terms.message ? `<p class="hint">${escapeHtml(terms.message)}</p>` : ''}</section>`
}

/** The data of the checkout events: Paddle.js v1's `eventData` shape. */
export function checkoutEventData(checkoutId: string, terms: CheckoutTerms, quote: CheckoutQuote, completed: boolean) {
  return {
    checkout: {
      id: checkoutId,
      completed,
      passthrough: terms.passthrough,
      prices: {
        customer: {
          currency: quote.currency,
          total: quote.total.gross.toFixed(2),
          total_tax: quote.total.tax.toFixed(2),
        },
      },
    },
    product: { id: terms.productId, name: terms.title, quantity: terms.quantity },
    user: { email: terms.email, country: terms.country, postcode: terms.postcode },
  }
}

export function checkoutPage(options: {
  terms: CheckoutTerms
  quote: CheckoutQuote
  checkoutId: string
  errors?: FieldErrors
  /** The checkout's last payment was declined: it may be paid with another card. */
  declinedBefore?: boolean
  card?: KeptCard
  nonce?: string
  /** The `origin` parameter the page was opened with (the framing page's origin), if allowed. */
  origin?: string
  theme?: PageTheme
}): string {
  const { terms, quote, checkoutId } = options
  const errors = options.errors ?? {}
  const hidden = (name: string, value: string | undefined) =>
    value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`
  const countryOptions = countries()
    .map(
      (c) => `<option value="${c.code}"${c.code === terms.country ? ' selected' : ''}>${escapeHtml(c.name)}</option>`,
    )
    .join('')
  const country = countries().find((c) => c.code === terms.country)
  const zipRequired = requiresZip(terms.country)
  const detailFields = `${field({ name: 'email', label: 'Email address', type: 'email', value: terms.email, error: errors.email, autocomplete: 'email', required: true })}
<div><label for="f-country">Country</label>
<select id="f-country" name="country" autocomplete="country"${errors.country ? ' aria-invalid="true" aria-describedby="f-country-error"' : ''}>${
    country ? '' : '<option value="" selected>Choose a country</option>'
  }${countryOptions}</select>
${errors.country ? `<p class="error" id="f-country-error">${escapeHtml(errors.country)}</p>` : ''}
<button type="submit" class="secondary" id="update-price" name="intent" value="update" formnovalidate>Update price for this country</button></div>
${field({ name: 'postcode', label: zipRequired ? 'Zip/Post code' : 'Zip/Post code (optional)', value: terms.postcode, error: errors.postcode, autocomplete: 'postal-code', required: zipRequired })}`
  // What the shop passed is shown, not asked again; "Change" opens the fields, open already when one is refused.
  const given =
    country &&
    EMAIL_PATTERN.test(terms.email) &&
    (!zipRequired || terms.postcode) &&
    !errors.email &&
    !errors.country &&
    !errors.postcode
  const details = given
    ? `<p class="given" id="given-details">Paying as <strong>${escapeHtml(terms.email)}</strong>, ${escapeHtml(country.name)}${
        terms.postcode ? ` ${escapeHtml(terms.postcode)}` : ''
      }</p>
<details class="change"><summary aria-describedby="given-details">Change</summary>${detailFields}</details>`
    : detailFields
  const body = `${MODE}
<h1>Checkout</h1>
${options.declinedBefore ? '<p class="alert" role="alert">The last payment for this order was declined, and no payment was taken. Pay with another card.</p>' : ''}
${errorSummary(errors)}
${orderSummary(terms, quote)}
<form id="checkout-form" method="post" action="/sandbox/checkout" novalidate>
${hidden('checkout', checkoutId)}${terms.link ? hidden('link', terms.link) : `${hidden('product', terms.productId)}${hidden('quantity', String(terms.quantity))}${hidden('passthrough', terms.passthrough)}${hidden('coupon', terms.coupon || undefined)}`}${hidden('origin', options.origin)}${hidden('theme', options.theme)}
<h2>Your details</h2>
${details}
<h2>Card</h2>
${cardFields(errors, options.card ?? {})}
<button type="submit" name="intent" value="pay">Pay ${formatPrice(quote.total.gross, quote.currency)}</button>
</form>
${testCards()}`
  return page({
    title: 'Checkout',
    body,
    nonce: options.nonce,
    targetOrigin: options.origin,
    ...(options.theme ? { theme: options.theme } : {}),
    event: { name: 'Checkout.Loaded', data: checkoutEventData(checkoutId, terms, quote, false) },
    checkoutForm: { data: checkoutEventData(checkoutId, terms, quote, false) },
  })
}

export function outcomePage(options: {
  kind: 'complete' | 'flagged' | 'failed'
  checkout: SandboxCheckout
  terms: CheckoutTerms
  quote: CheckoutQuote
  receiptUrl?: string
  retryUrl?: string
  nonce?: string
  origin?: string
  theme?: PageTheme
}): string {
  const { kind, checkout, terms } = options
  const quote: CheckoutQuote = {
    ...options.quote,
    currency: checkout.currency,
    total: { net: checkout.net, tax: checkout.tax, gross: checkout.gross },
  }
  const data = checkoutEventData(
    checkout.id,
    { ...terms, email: checkout.email, country: checkout.country, postcode: checkout.postcode ?? '' },
    quote,
    kind !== 'failed',
  )
  const total = formatPrice(checkout.gross, checkout.currency)
  const body =
    kind === 'complete'
      ? `${MODE}<h1>Payment complete</h1>
<p>Thank you. ${total} was paid for ${escapeHtml(terms.title)} (checkout ${checkout.id}).</p>
${options.receiptUrl ? `<p><a href="${escapeHtml(options.receiptUrl)}">View the receipt</a></p>` : ''}`
      : kind === 'flagged'
        ? `${MODE}<h1>Order under review</h1>
<p>Your payment of ${total} is being reviewed before the order is completed. This usually takes 1–2 hours and at most 12 hours; you will get an email when it is done.</p>
<p class="hint">Sandbox: approve or reject the order on the <a href="/sandbox/review">review page</a>.</p>`
        : `${MODE}<h1>Payment failed</h1>
<p class="alert" role="alert">${escapeHtml(failureReason(checkout))} No payment was taken.</p>
${options.retryUrl ? `<p><a href="${escapeHtml(options.retryUrl)}">Try again with another card</a></p>` : ''}`
  return page({
    title: kind === 'complete' ? 'Payment complete' : kind === 'flagged' ? 'Order under review' : 'Payment failed',
    body,
    nonce: options.nonce,
    targetOrigin: options.origin,
    ...(options.theme ? { theme: options.theme } : {}),
    // A failed payment's event carries the decline reason, as Paddle's `Checkout.Error` carries its error.
    event:
      kind === 'failed'
        ? { name: 'Checkout.Error', data: { ...data, error: failureReason(checkout) } }
        : { name: 'Checkout.Complete', data },
  })
}

/** A checkout opened or paid again after it was paid: its outcome and the way on, never a second payment form. */
export function reopenedPage(options: {
  kind: 'complete' | 'flagged' | 'failed'
  checkout: SandboxCheckout
  receiptUrl?: string
  /** The portal's license list. */
  licensesUrl: string
  /** A hosted checkout's way back to the shop, with the outcome. */
  shopUrl?: string
  nonce?: string
  origin?: string
  theme?: PageTheme
}): string {
  const { kind, checkout } = options
  const total = formatPrice(checkout.gross, checkout.currency)
  const what = `${escapeHtml(checkout.title ?? checkout.product_id)}, quantity ${checkout.quantity}`
  const paidOn = formatDate(checkout.updated_at, { utc: true })
  const link = (href: string, text: string) => `<p><a href="${escapeHtml(href)}">${text}</a></p>`
  const title =
    kind === 'complete'
      ? 'This order is already complete'
      : kind === 'flagged'
        ? 'This order is already being reviewed'
        : 'This order was not completed'
  const body =
    kind === 'complete'
      ? `<p role="status">${what}: ${total} was paid on ${paidOn} (checkout ${escapeHtml(checkout.id)}). Nothing more was charged.</p>
${link(options.licensesUrl, 'Go to your licenses')}${options.receiptUrl ? link(options.receiptUrl, 'View the receipt') : ''}${
          options.shopUrl ? link(options.shopUrl, 'Back to the shop') : ''
        }`
      : kind === 'flagged'
        ? `<p role="status">${what}: the payment of ${total} waits for review (checkout ${escapeHtml(checkout.id)}). Nothing more can be paid for it; you will get an email when the review is done.</p>
${options.shopUrl ? link(options.shopUrl, 'Back to the shop') : ''}`
        : `<p role="status">${what}: the payment of ${total} was rejected in review, and no payment was taken (checkout ${escapeHtml(checkout.id)}).</p>
${options.shopUrl ? link(options.shopUrl, 'Back to the shop to start a new checkout') : ''}`
  const data = {
    checkout: { id: checkout.id, completed: kind !== 'failed', passthrough: checkout.passthrough },
    product: { id: checkout.product_id, name: checkout.title ?? checkout.product_id, quantity: checkout.quantity },
    user: { email: checkout.email, country: checkout.country, postcode: checkout.postcode ?? '' },
  }
  return page({
    title,
    body: `${MODE}<h1>${title}</h1>${body}`,
    nonce: options.nonce,
    targetOrigin: options.origin,
    ...(options.theme ? { theme: options.theme } : {}),
    event: { name: kind === 'failed' ? 'Checkout.Error' : 'Checkout.Complete', data },
  })
}

function cardOnFile(sub: SandboxSubscription): string {
  if (sub.payment_method === 'paypal') return 'PayPal'
  if (!sub.last_four) return 'No card on file'
  return `${cardBrandName(sub.card_type).replace(/^card$/, 'Card')} ending in ${sub.last_four}${sub.card_expiry ? `, expires ${sub.card_expiry}` : ''}`
}

const STATE_NAMES: Record<SandboxSubscription['state'], string> = {
  active: 'Active',
  past_due: 'Past due: the last payment failed',
  paused: 'Paused',
  deleted: 'Cancelled',
}

export function updatePaymentPage(options: {
  subscription: SandboxSubscription
  planTitle: string
  errors?: FieldErrors
  card?: KeptCard
  nonce?: string
}): string {
  const { subscription: sub } = options
  const errors = options.errors ?? {}
  const summary = `<dl class="summary"><dt>Subscription</dt><dd>${escapeHtml(options.planTitle)}</dd>
<dt>Licenses</dt><dd>${sub.quantity}</dd><dt>State</dt><dd>${STATE_NAMES[sub.state]}</dd>
<dt>Paying with</dt><dd>${escapeHtml(cardOnFile(sub))}</dd></dl>`
  const form =
    sub.state === 'deleted'
      ? '<p>This subscription has been cancelled; its payment method can no longer be changed.</p>'
      : `<form method="post" action="/sandbox/update-payment/${escapeHtml(sub.id)}" novalidate>
<h2>New card</h2>${cardFields(errors, options.card ?? {})}
${sub.state === 'past_due' ? '<p class="hint">The overdue payment is charged to the new card right away.</p>' : ''}
<button type="submit">Update payment method</button></form>${testCards()}`
  return page({
    title: 'Update payment method',
    body: `${MODE}<h1>Update payment method</h1>${errorSummary(errors)}${summary}${form}`,
    nonce: options.nonce,
  })
}

export function paymentUpdatedPage(options: {
  subscription: SandboxSubscription
  retried: 'paid' | 'declined' | null
  accountUrl: string
  nonce?: string
}): string {
  const { subscription: sub, retried } = options
  const retry =
    retried === 'paid'
      ? `<p>The overdue payment of ${formatPrice(termCharge(sub).gross, sub.currency)} was taken; the subscription is active again.</p>`
      : retried === 'declined'
        ? '<p class="alert" role="alert">The overdue payment was declined by the new card as well; the subscription is still past due.</p>'
        : ''
  return page({
    title: 'Payment method updated',
    body: `${MODE}<h1>Payment method updated</h1><p>Future payments are charged to ${escapeHtml(cardOnFile(sub))}.</p>${retry}
<p><a href="${escapeHtml(options.accountUrl)}">Back to your account</a></p>`,
    nonce: options.nonce,
    event: {
      name: 'Checkout.Complete',
      data: { checkout: { id: sub.id, completed: true }, subscription: { id: sub.id, state: sub.state } },
    },
  })
}

export function receiptPage(receipt: Receipt, nonce?: string): string {
  const net = receipt.amount - receipt.tax
  const body = `${MODE}<h1>Receipt</h1>
<dl class="summary">
<dt>Order</dt><dd>${escapeHtml(receipt.orderId)}</dd>
<dt>Date</dt><dd>${formatDate(receipt.date, { utc: true })}</dd>
<dt>Billed to</dt><dd>${escapeHtml(receipt.customerName)}<br>${escapeHtml(receipt.customerEmail)}</dd>
<dt>Item</dt><dd>${escapeHtml(receipt.description)}</dd>
<dt>Quantity</dt><dd>${receipt.quantity}</dd>
<dt>Subtotal</dt><dd>${formatPrice(net, receipt.currency)}</dd>
<dt>${escapeHtml(receipt.taxName ?? 'Tax')}</dt><dd>${formatPrice(receipt.tax, receipt.currency)}</dd>
<dt class="total">Total paid (${escapeHtml(receipt.currency)})</dt><dd class="total">${formatPrice(receipt.amount, receipt.currency)}</dd>
${receipt.card ? `<dt>Paid with</dt><dd>${escapeHtml(receipt.card)}</dd>` : ''}
</dl><p class="hint">Payment ${escapeHtml(receipt.id)}</p>`
  return page({ title: `Receipt for order ${receipt.orderId}`, body, nonce })
}

export function reviewPage(options: {
  queue: SandboxCheckout[]
  done?: { decision: 'approved' | 'rejected'; checkoutId: string } | { missing: string }
  reviewDelayMs?: number
  nonce?: string
}): string {
  const status = options.done
    ? 'missing' in options.done
      ? `<p class="alert" role="alert">Checkout ${escapeHtml(options.done.missing)} is not waiting for review.</p>`
      : `<p class="status" role="status">Checkout ${escapeHtml(options.done.checkoutId)} was ${options.done.decision}.</p>`
    : ''
  const rows = options.queue
    .map((c) => {
      const form = (decision: 'approve' | 'reject', label: string) =>
        `<form method="post" action="/sandbox/review" style="display:inline"><input type="hidden" name="checkout" value="${escapeHtml(c.id)}">
<button type="submit" name="decision" value="${decision}"${decision === 'reject' ? ' class="reject"' : ''} aria-label="${label} the order of ${escapeHtml(c.email)} (${escapeHtml(c.id)})">${label}</button></form>`
      return `<tr><td>${escapeHtml(c.id)}</td><td>${escapeHtml(c.email)}</td><td>${escapeHtml(c.title ?? c.product_id)} × ${c.quantity}</td>
<td>${formatPrice(c.gross, c.currency)}</td><td>${new Date(c.created_at).toISOString().slice(0, 16).replace('T', ' ')}</td>
<td>${form('approve', 'Approve')} ${form('reject', 'Reject')}</td></tr>`
    })
    .join('')
  const table = options.queue.length
    ? `<table><caption>Orders flagged for review</caption><thead><tr><th scope="col">Checkout</th><th scope="col">Email</th><th scope="col">Order</th><th scope="col">Total</th><th scope="col">Flagged (UTC)</th><th scope="col">Decision</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No orders are waiting for review.</p>'
  const delay =
    options.reviewDelayMs !== undefined
      ? `<p class="hint">Orders not decided here are approved automatically ${Math.round(options.reviewDelayMs / 1000)} seconds after they were flagged.</p>`
      : '<p class="hint">Orders wait here until they are approved or rejected (set SANDBOX_REVIEW_DELAY_SECONDS to approve them automatically).</p>'
  return page({
    title: 'Order review',
    body: `${MODE}<h1>Order review</h1><p>Payments made with the flagged test card wait for this review, as a real provider's fraud review would hold them.</p>${delay}${status}${table}`,
    nonce: options.nonce,
  })
}
