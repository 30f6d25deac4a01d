// The sandbox provider's pages after a checkout: update payment, its outcome, receipts.
import { formatPrice } from '../protocol/shared/money.js'
import { formatDate } from '../protocol/shared/dates.js'
import { openedAs, page, type PageTheme } from './layout.js'
import type { FieldErrors } from './checkout.js'
import { termCharge, type SandboxSubscription } from './core.js'
import type { Receipt } from './receipts.js'
import { cardBrandName } from '../protocol/subscriptions/payment-methods.js'
import { CardFields, ErrorSummary, LinkLine, TestCards, type KeptCard } from './page-parts.js'

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
  /** The framing page's origin (the portal's), which the page tells when it is done and hears the theme from. */
  origin?: string
  theme?: PageTheme
}): string {
  const { subscription: sub } = options
  const errors = options.errors ?? {}
  const form =
    sub.state === 'deleted' ? (
      <p>This subscription has been cancelled; its payment method can no longer be changed.</p>
    ) : (
      <>
        <form method="post" action={`/sandbox/update-payment/${sub.id}`} noValidate>
          {options.theme ? <input type="hidden" name="theme" value={options.theme} /> : null}
          {options.origin ? <input type="hidden" name="origin" value={options.origin} /> : null}
          <h2>New card</h2>
          <CardFields errors={errors} kept={options.card ?? {}} />
          {sub.state === 'past_due' ? (
            <p className="hint">The overdue payment is charged to the new card right away.</p>
          ) : null}
          <button type="submit">Update payment method</button>
        </form>
        <TestCards />
      </>
    )
  return page({
    title: 'Update payment method',
    body: (
      <>
        <ErrorSummary errors={errors} />
        <dl className="summary">
          <dt>Subscription</dt>
          <dd>{options.planTitle}</dd>
          <dt>Licenses</dt>
          <dd>{sub.quantity}</dd>
          <dt>State</dt>
          <dd>{STATE_NAMES[sub.state]}</dd>
          <dt>Paying with</dt>
          <dd>{cardOnFile(sub)}</dd>
        </dl>
        {form}
      </>
    ),
    ...openedAs(options),
  })
}

export function paymentUpdatedPage(options: {
  subscription: SandboxSubscription
  retried: 'paid' | 'declined' | null
  accountUrl: string
  nonce?: string
  origin?: string
  theme?: PageTheme
}): string {
  const { subscription: sub, retried } = options
  return page({
    title: 'Payment method updated',
    body: (
      <>
        <p>{`Future payments are charged to ${cardOnFile(sub)}.`}</p>
        {retried === 'paid' ? (
          <p>
            {`The overdue payment of ${formatPrice(termCharge(sub).gross, sub.currency)} was taken; the subscription is active again.`}
          </p>
        ) : retried === 'declined' ? (
          <p className="alert" role="alert">
            The overdue payment was declined by the new card as well; the subscription is still past due.
          </p>
        ) : null}
        <LinkLine href={options.accountUrl}>Back to your account</LinkLine>
      </>
    ),
    ...openedAs(options),
    event: {
      name: 'Checkout.Complete',
      data: { checkout: { id: sub.id, completed: true }, subscription: { id: sub.id, state: sub.state } },
    },
  })
}

export function receiptPage(receipt: Receipt, nonce?: string): string {
  const price = (amount: number) => formatPrice(amount, receipt.currency)
  return page({
    title: `Receipt for order ${receipt.orderId}`,
    heading: 'Receipt',
    body: (
      <>
        <dl className="summary">
          <dt>Order</dt>
          <dd>{receipt.orderId}</dd>
          <dt>Date</dt>
          <dd>{formatDate(receipt.date, { utc: true })}</dd>
          <dt>Billed to</dt>
          <dd>
            {receipt.customerName}
            <br />
            {receipt.customerEmail}
          </dd>
          <dt>Item</dt>
          <dd>{receipt.description}</dd>
          <dt>Quantity</dt>
          <dd>{receipt.quantity}</dd>
          <dt>Subtotal</dt>
          <dd>{price(receipt.amount - receipt.tax)}</dd>
          <dt>{receipt.taxName ?? 'Tax'}</dt>
          <dd>{price(receipt.tax)}</dd>
          <dt className="total">{`Total paid (${receipt.currency})`}</dt>
          <dd className="total">{price(receipt.amount)}</dd>
          {receipt.card ? (
            <>
              <dt>Paid with</dt>
              <dd>{receipt.card}</dd>
            </>
          ) : null}
        </dl>
        <p className="hint">{`Payment ${receipt.id}`}</p>
      </>
    ),
    nonce,
  })
}
