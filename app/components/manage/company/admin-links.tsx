import { Button } from '@radix-ui/themes'
import { Link as RemixLink, useLocation } from '@remix-run/react'
import { accent, rt } from '#app/components/radix-classes'
import { dialogUrl } from '#app/routes/__manage/company/urls'
import type { SubscriptionActionProps } from '../subscription-actions'

/** Remove subscription: platform administrators only, confirmed in its dialog. */
export function RemoveSubscriptionAction({ subscription, admin }: SubscriptionActionProps) {
  const location = useLocation()
  if (!admin) return null
  // `<Link size="2" underline="always">`'s markup on the router's link: one per subscription card.
  return (
    <RemixLink
      aria-label={`Remove subscription #${subscription.subscriptionId}`}
      {...accent}
      className={rt.linkUnderlined}
      to={dialogUrl({ dialog: 'remove-subscription', subscription: subscription.subscriptionId }, location.search)}
      preventScrollReset
    >
      Remove subscription
    </RemixLink>
  )
}

/** The administrator notice's merge-companies entry (spec §2). */
export function MergeCompaniesLink() {
  const location = useLocation()
  return (
    <Button asChild variant="soft" size="1">
      <RemixLink to={dialogUrl({ dialog: 'merge' }, location.search)} preventScrollReset>
        Merge companies
      </RemixLink>
    </Button>
  )
}
