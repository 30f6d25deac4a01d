// The parts the sandbox's pages share: fields tied to their hints and errors, the test cards, the order's summary.
import { formatPrice } from '../protocol/shared/money.js'
import type { FieldErrors } from './checkout.js'
import type { CheckoutQuote, CheckoutTerms } from './terms.js'
import { TEST_CARDS } from './cards.js'

export function Field(props: {
  name: string
  label: string
  value?: string
  error?: string
  type?: string
  autoComplete?: string
  inputMode?: 'numeric'
  hint?: string
  required?: boolean
}) {
  const id = `f-${props.name}`
  const described = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        defaultValue={props.value ?? ''}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        aria-required={props.required ? 'true' : undefined}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={described || undefined}
      />
      {props.hint ? (
        <p className="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p className="error" id={`${id}-error`}>
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

/** What of the card a refused form shows again: everything but its number, which is typed afresh. */
export type KeptCard = { expiry?: string; cvc?: string }

export function CardFields({ errors, kept }: { errors: FieldErrors; kept: KeptCard }) {
  return (
    <>
      <Field
        name="cardNumber"
        label="Card number"
        error={errors.cardNumber}
        autoComplete="cc-number"
        inputMode="numeric"
        required
      />
      <div className="row">
        <Field
          name="cardExpiry"
          label="Expiry date"
          value={kept.expiry?.slice(0, 10)}
          error={errors.cardExpiry}
          autoComplete="cc-exp"
          hint="MM/YY"
          required
        />
        <Field
          name="cardCvc"
          label="Security code"
          value={kept.cvc?.slice(0, 4)}
          error={errors.cardCvc}
          autoComplete="cc-csc"
          inputMode="numeric"
          required
        />
      </div>
    </>
  )
}

export function TestCards() {
  return (
    <section aria-labelledby="test-cards">
      <h2 id="test-cards">Test cards</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Card number</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {TEST_CARDS.map((c) => (
            <tr key={c.number}>
              <td>{c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</td>
              <td>{c.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">Any expiry date in the future and any 3-digit security code.</p>
    </section>
  )
}

export function ErrorSummary({ errors }: { errors: FieldErrors }) {
  const entries = Object.entries(errors).filter(([, message]) => message)
  if (entries.length === 0) return null
  return (
    <div className="alert" role="alert">
      <p>
        <strong>Please check the form:</strong>
      </p>
      <ul>
        {entries.map(([name, message]) => (
          <li key={name}>
            <a href={`#f-${name}`}>{message}</a>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function OrderSummary({ terms, quote }: { terms: CheckoutTerms; quote: CheckoutQuote }) {
  const billing = quote.recurring ? (quote.recurring === 'year' ? 'Every year' : 'Every month') : 'Once'
  const price = (amount: number) => formatPrice(amount, quote.currency)
  return (
    <section aria-labelledby="order">
      <h2 id="order">Your order</h2>
      <dl className="summary">
        <dt>Product</dt>
        <dd>{terms.title}</dd>
        <dt>Quantity</dt>
        <dd>{terms.quantity}</dd>
        <dt>Billing</dt>
        <dd>{billing}</dd>
        {quote.appliedCoupon ? (
          <>
            <dt>Price before coupon</dt>
            <dd>{price(quote.listTotal.net)}</dd>
            <dt>{`Coupon ${quote.appliedCoupon.code}`}</dt>
            <dd>{`-${price(quote.appliedCoupon.discount)}`}</dd>
          </>
        ) : null}
        <dt>Subtotal</dt>
        <dd>{price(quote.total.net)}</dd>
        <dt>{`${quote.taxName ?? 'Tax'} (${quote.taxPercent}%)`}</dt>
        <dd>{price(quote.total.tax)}</dd>
        <dt className="total">{`Total (${quote.currency})`}</dt>
        <dd className="total">{price(quote.total.gross)}</dd>
      </dl>
      {terms.message ? <p className="hint">{terms.message}</p> : null}
    </section>
  )
}

export function LinkLine({ href, children }: { href: string; children: string }) {
  return (
    <p>
      <a href={href}>{children}</a>
    </p>
  )
}
