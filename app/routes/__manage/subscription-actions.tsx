import { Flex } from '#app/components/themes'
import { RemoveSubscriptionAction } from './admin/admin-links'
import type { SubscriptionActionProps } from './shared/row-actions'
import { SubscriptionRowActions } from './subscriptions/subscription-row-actions'

/** Spec §2; each renders nothing when it does not apply. */
export function SubscriptionActions(props: SubscriptionActionProps) {
  return (
    <Flex gap="2" wrap="wrap" align="center">
      <SubscriptionRowActions {...props} />
      <RemoveSubscriptionAction {...props} />
    </Flex>
  )
}
