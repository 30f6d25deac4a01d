import { rt } from '#app/components/radix-classes'
import { RemoveSubscriptionAction } from './admin/admin-links'
import type { SubscriptionActionProps } from './shared/row-actions'
import { SubscriptionRowActions } from './subscriptions/subscription-row-actions'

/** Spec §2; each renders nothing when it does not apply. */
export function SubscriptionActions(props: SubscriptionActionProps) {
  return (
    // `<Flex gap="2" wrap="wrap" align="center">`'s markup: one per subscription card.
    <div className={rt.flexRowWrap}>
      <SubscriptionRowActions {...props} />
      <RemoveSubscriptionAction {...props} />
    </div>
  )
}
