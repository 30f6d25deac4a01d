// The review of orders flagged by the review test card, as a real provider's fraud review would hold them.
import { formatPrice } from '../protocol/shared/money.js'
import type { SandboxCheckout } from './core.js'
import { page } from './layout.js'

function Decision({ checkout, decision }: { checkout: SandboxCheckout; decision: 'approve' | 'reject' }) {
  const label = decision === 'approve' ? 'Approve' : 'Reject'
  return (
    <form method="post" action="/sandbox/review" style={{ display: 'inline' }}>
      <input type="hidden" name="checkout" value={checkout.id} />
      <button
        type="submit"
        name="decision"
        value={decision}
        className={decision === 'reject' ? 'reject' : undefined}
        aria-label={`${label} the order of ${checkout.email} (${checkout.id})`}
      >
        {label}
      </button>
    </form>
  )
}

function Queue({ queue }: { queue: SandboxCheckout[] }) {
  if (queue.length === 0) return <p>No orders are waiting for review.</p>
  return (
    <table>
      <caption>Orders flagged for review</caption>
      <thead>
        <tr>
          <th scope="col">Checkout</th>
          <th scope="col">Email</th>
          <th scope="col">Order</th>
          <th scope="col">Total</th>
          <th scope="col">Flagged (UTC)</th>
          <th scope="col">Decision</th>
        </tr>
      </thead>
      <tbody>
        {queue.map((c) => (
          <tr key={c.id}>
            <td>{c.id}</td>
            <td>{c.email}</td>
            <td>{`${c.title ?? c.product_id} × ${c.quantity}`}</td>
            <td>{formatPrice(c.gross, c.currency)}</td>
            <td>{new Date(c.created_at).toISOString().slice(0, 16).replace('T', ' ')}</td>
            <td>
              <Decision checkout={c} decision="approve" /> <Decision checkout={c} decision="reject" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function reviewPage(options: {
  queue: SandboxCheckout[]
  done?: { decision: 'approved' | 'rejected'; checkoutId: string } | { missing: string }
  reviewDelayMs?: number
  nonce?: string
}): string {
  const { done } = options
  return page({
    title: 'Order review',
    body: (
      <>
        <p>
          Payments made with the flagged test card wait for this review, as a real provider&apos;s fraud review would
          hold them.
        </p>
        <p className="hint">
          {options.reviewDelayMs !== undefined
            ? `Orders not decided here are approved automatically ${Math.round(options.reviewDelayMs / 1000)} seconds after they were flagged.`
            : 'Orders wait here until they are approved or rejected (set SANDBOX_REVIEW_DELAY_SECONDS to approve them automatically).'}
        </p>
        {done && 'missing' in done ? (
          <p className="alert" role="alert">{`Checkout ${done.missing} is not waiting for review.`}</p>
        ) : done ? (
          <p className="status" role="status">{`Checkout ${done.checkoutId} was ${done.decision}.`}</p>
        ) : null}
        <Queue queue={options.queue} />
      </>
    ),
    nonce: options.nonce,
  })
}
