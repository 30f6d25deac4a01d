// The checkout's pages: the form, its outcome, and a checkout opened again after it was paid.
import { EMAIL_PATTERN } from '../protocol/shared/email.js'
import { countries, requiresZip } from '../config/catalog/index.js'
import { formatPrice } from '../protocol/shared/money.js'
import { formatDate } from '../protocol/shared/dates.js'
import { openedAs, page, type PageTheme } from './layout.js'
import type { FieldErrors } from './checkout.js'
import type { SandboxCheckout } from './core.js'
import type { CheckoutQuote, CheckoutTerms } from './terms.js'
import { CardFields, ErrorSummary, Field, LinkLine, OrderSummary, TestCards, type KeptCard } from './page-parts.js'

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

/** What a buyer whose card was declined can do. */
export const DECLINE_ADVICE = 'Try another card, or ask your bank.'

/** A hidden field of the form; none when its value is undefined. */
type Hidden = readonly [name: string, value: string | undefined]

export function checkoutPage(options: {
  terms: CheckoutTerms
  quote: CheckoutQuote
  checkoutId: string
  errors?: FieldErrors
  /** The checkout's last payment was declined: it may be paid with another card. */
  declinedBefore?: boolean
  /** The card just used was declined, in the sandbox's words. */
  declined?: string
  card?: KeptCard
  nonce?: string
  /** The `origin` parameter the page was opened with (the framing page's origin), if allowed. */
  origin?: string
  theme?: PageTheme
}): string {
  const { terms, quote, checkoutId } = options
  const errors: FieldErrors = options.declined
    ? { cardNumber: `${options.declined} No payment was taken. ${DECLINE_ADVICE}` }
    : (options.errors ?? {})
  const country = countries().find((c) => c.code === terms.country)
  const zipRequired = requiresZip(terms.country)
  const detailFields = (
    <>
      <Field
        name="email"
        label="Email address"
        type="email"
        value={terms.email}
        error={errors.email}
        autoComplete="email"
        required
      />
      <div>
        <label htmlFor="f-country">Country</label>
        <select
          id="f-country"
          name="country"
          autoComplete="country"
          aria-invalid={errors.country ? 'true' : undefined}
          aria-describedby={errors.country ? 'f-country-error' : undefined}
          defaultValue={country ? terms.country : ''}
        >
          {country ? null : <option value="">Choose a country</option>}
          {countries().map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {errors.country ? (
          <p className="error" id="f-country-error">
            {errors.country}
          </p>
        ) : null}
        <button type="submit" className="secondary" id="update-price" name="intent" value="update" formNoValidate>
          Update price for this country
        </button>
      </div>
      <Field
        name="postcode"
        label={zipRequired ? 'Zip/Post code' : 'Zip/Post code (optional)'}
        value={terms.postcode}
        error={errors.postcode}
        autoComplete="postal-code"
        required={zipRequired}
      />
    </>
  )
  // What the shop passed is shown, not asked again; "Change" opens the fields, open already when one is refused.
  const given =
    country &&
    EMAIL_PATTERN.test(terms.email) &&
    (!zipRequired || terms.postcode) &&
    !errors.email &&
    !errors.country &&
    !errors.postcode
  const shop: Hidden[] = terms.link
    ? [['link', terms.link]]
    : [
        ['product', terms.productId],
        ['quantity', String(terms.quantity)],
        ['passthrough', terms.passthrough],
        ['coupon', terms.coupon || undefined],
      ]
  const hidden: Hidden[] = [['checkout', checkoutId], ...shop, ['origin', options.origin], ['theme', options.theme]]
  const body = (
    <>
      {options.declinedBefore ? (
        <p className="alert" role="alert">
          The last payment for this order was declined, and no payment was taken. Pay with another card.
        </p>
      ) : null}
      <ErrorSummary errors={errors} />
      <OrderSummary terms={terms} quote={quote} />
      <form id="checkout-form" method="post" action="/sandbox/checkout" noValidate>
        {hidden.map(([name, value]) =>
          value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
        )}
        <h2>Your details</h2>
        {given ? (
          <>
            <p className="given" id="given-details">
              Paying as <strong>{terms.email}</strong>, {country.name}
              {terms.postcode ? ` ${terms.postcode}` : ''}
            </p>
            <details className="change">
              <summary aria-describedby="given-details">Change</summary>
              {detailFields}
            </details>
          </>
        ) : (
          detailFields
        )}
        <h2>Card</h2>
        <CardFields errors={errors} kept={options.card ?? {}} />
        <button type="submit" name="intent" value="pay">
          {`Pay ${formatPrice(quote.total.gross, quote.currency)}`}
        </button>
      </form>
      <TestCards />
    </>
  )
  return page({
    title: 'Checkout',
    body,
    ...openedAs(options),
    // Paddle's checkout stays open on a decline and says so with `Checkout.PaymentFailed`, the reason as its error.
    event: options.declined
      ? {
          name: 'Checkout.PaymentFailed',
          data: { ...checkoutEventData(checkoutId, terms, quote, false), error: options.declined },
        }
      : { name: 'Checkout.Loaded', data: checkoutEventData(checkoutId, terms, quote, false) },
    checkoutForm: { data: checkoutEventData(checkoutId, terms, quote, false) },
  })
}

export function outcomePage(options: {
  kind: 'complete' | 'flagged'
  checkout: SandboxCheckout
  terms: CheckoutTerms
  quote: CheckoutQuote
  receiptUrl?: string
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
    true,
  )
  const total = formatPrice(checkout.gross, checkout.currency)
  const title = kind === 'complete' ? 'Payment complete' : 'Order under review'
  const body =
    kind === 'complete' ? (
      <>
        <p>{`Thank you. ${total} was paid for ${terms.title} (checkout ${checkout.id}).`}</p>
        {options.receiptUrl ? <LinkLine href={options.receiptUrl}>View the receipt</LinkLine> : null}
      </>
    ) : (
      <>
        <p>
          {`Your payment of ${total} is being reviewed before the order is completed. This usually takes 1–2 hours and at most 12 hours; you will get an email when it is done.`}
        </p>
        <p className="hint">
          Sandbox: approve or reject the order on the <a href="/sandbox/review">review page</a>.
        </p>
      </>
    )
  return page({
    title,
    body,
    ...openedAs(options),
    event: { name: 'Checkout.Complete', data },
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
  const what = `${checkout.title ?? checkout.product_id}, quantity ${checkout.quantity}`
  const paidOn = formatDate(checkout.updated_at, { utc: true })
  const title =
    kind === 'complete'
      ? 'This order is already complete'
      : kind === 'flagged'
        ? 'This order is already being reviewed'
        : 'This order was not completed'
  const shop = (text: string) => (options.shopUrl ? <LinkLine href={options.shopUrl}>{text}</LinkLine> : null)
  const body =
    kind === 'complete' ? (
      <>
        <p role="status">{`${what}: ${total} was paid on ${paidOn} (checkout ${checkout.id}). Nothing more was charged.`}</p>
        <LinkLine href={options.licensesUrl}>Go to your licenses</LinkLine>
        {options.receiptUrl ? <LinkLine href={options.receiptUrl}>View the receipt</LinkLine> : null}
        {shop('Back to the shop')}
      </>
    ) : kind === 'flagged' ? (
      <>
        <p role="status">
          {`${what}: the payment of ${total} waits for review (checkout ${checkout.id}). Nothing more can be paid for it; you will get an email when the review is done.`}
        </p>
        {shop('Back to the shop')}
      </>
    ) : (
      <>
        <p role="status">
          {`${what}: the payment of ${total} was rejected in review, and no payment was taken (checkout ${checkout.id}).`}
        </p>
        {shop('Back to the shop to start a new checkout')}
      </>
    )
  const data = {
    checkout: { id: checkout.id, completed: kind !== 'failed', passthrough: checkout.passthrough },
    product: { id: checkout.product_id, name: checkout.title ?? checkout.product_id, quantity: checkout.quantity },
    user: { email: checkout.email, country: checkout.country, postcode: checkout.postcode ?? '' },
  }
  return page({
    title,
    body,
    ...openedAs(options),
    event: { name: kind === 'failed' ? 'Checkout.Error' : 'Checkout.Complete', data },
  })
}
