import { rt } from '#app/components/radix-classes'
import type { Company, Subscription } from '#protocol/entities'
import { RemoveSubscriptionAction } from './admin/admin-links'
import { SubscriptionRowActions } from './subscriptions/subscription-row-actions'

export type SubscriptionActionProps = { subscription: Subscription; company?: Company; admin: boolean; now: number }

/**
 * The actions of a subscription row (spec §2): manage assignments, cancel, upgrade, change quantity, extension offer,
 * restart, receipts, pause/resume, update payment method, and for platform administrators remove subscription.
 */
const contributions: Array<(props: SubscriptionActionProps) => JSX.Element | null> = [
  SubscriptionRowActions,
  RemoveSubscriptionAction,
]

export function SubscriptionActions(props: SubscriptionActionProps) {
  return (
    // `<Flex gap="2" wrap="wrap" align="center">`'s markup: one per subscription card.
    <div className={rt.flexRowWrap}>
      {contributions.map((Action, i) => (
        <Action key={i} {...props} />
      ))}
    </div>
  )
}
