import { rt } from '#app/components/radix-classes'
import { RemoveSubscriptionAction } from './admin/admin-links'
import type { SubscriptionActionProps } from './shared/row-actions'
import { SubscriptionRowActions } from './subscriptions/subscription-row-actions'

/**
 * The actions of a subscription row (spec §2): manage assignments, cancel, upgrade, change quantity, extension offer,
 * restart, receipts, pause/resume, update payment method, and for platform administrators remove subscription.
 */
export function SubscriptionActions(props: SubscriptionActionProps) {
  return (
    // `<Flex gap="2" wrap="wrap" align="center">`'s markup: one per subscription card.
    <div className={rt.flexRowWrap}>
      <SubscriptionRowActions {...props} />
      <RemoveSubscriptionAction {...props} />
    </div>
  )
}
