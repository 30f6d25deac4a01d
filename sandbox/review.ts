// The sandbox's review of flagged checkouts, approved automatically after `reviewDelayMs` by any instance.
import { paddleDateTime } from '../service/payments/dates.js'
import { sendAlert } from './alerts.js'
import { completeCheckout, findCheckout } from './checkout.js'
import { userIdOf, type Sandbox, type SandboxCheckout } from './core.js'

export class SandboxReviews {
  private readonly timers = new Set<NodeJS.Timeout>()
  private sweeping: Promise<void> | null = null
  private closed = false

  constructor(private readonly sb: Sandbox) {}

  close(): void {
    this.closed = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }

  /** Flagged orders waiting for the review's outcome, oldest first. */
  async queue(): Promise<SandboxCheckout[]> {
    await this.processDue()
    return this.sb.db
      .selectFrom('sandbox_checkouts')
      .selectAll()
      .where('state', '=', 'flagged')
      .orderBy('created_at')
      .execute()
  }

  /** The review's outcome: approve completes the order; reject fails it. Answers false when nothing was waiting. */
  async decide(checkoutId: string, decision: 'approve' | 'reject'): Promise<boolean> {
    const { sb } = this
    const now = sb.options.now()
    const checkout = await findCheckout(sb, checkoutId)
    if (!checkout || checkout.state !== 'flagged') return false
    if (decision === 'reject') {
      const updated = await sb.db
        .updateTable('sandbox_checkouts')
        .set({ state: 'rejected', review_due_at: null, updated_at: now })
        .where('id', '=', checkoutId)
        .where('state', '=', 'flagged')
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) === 0) return false
    }
    await sendAlert(sb, 'high_risk_transaction_updated', {
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
    if (decision === 'approve') await completeCheckout(sb, checkoutId)
    return true
  }

  /** Approves flagged orders whose review delay has passed (SANDBOX_REVIEW_DELAY_SECONDS). */
  async processDue(): Promise<void> {
    if (this.sweeping) return this.sweeping
    this.sweeping = (async () => {
      try {
        const due = await this.sb.db
          .selectFrom('sandbox_checkouts')
          .select('id')
          .where('state', '=', 'flagged')
          .where('review_due_at', 'is not', null)
          .where('review_due_at', '<=', this.sb.options.now())
          .execute()
        for (const { id } of due) await this.decide(id, 'approve')
      } finally {
        this.sweeping = null
      }
    })()
    return this.sweeping
  }

  /** Runs the automatic approval when a checkout flagged now is due. */
  schedule(dueAt: number | null) {
    if (dueAt === null || this.closed) return
    const timer = setTimeout(
      () => {
        this.timers.delete(timer)
        if (this.closed) return
        this.processDue().catch((err) => this.sb.options.log(`sandbox: automatic review failed: ${String(err)}`))
      },
      Math.max(0, dueAt - this.sb.options.now()),
    )
    timer.unref()
    this.timers.add(timer)
  }
}
