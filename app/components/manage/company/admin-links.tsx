import { Button, Link } from '@radix-ui/themes'
import { Link as RemixLink, useLocation } from '@remix-run/react'
import { dialogUrl } from '#app/routes/__manage/company/urls'
import type { SubscriptionActionProps } from '../subscription-actions'

/** Remove subscription: platform administrators only, confirmed in its dialog. */
export function RemoveSubscriptionAction({ subscription, admin }: SubscriptionActionProps) {
  const location = useLocation()
  if (!admin) return null
  return (
    <Link asChild size="2" underline="always">
      <RemixLink
        to={dialogUrl({ dialog: 'remove-subscription', subscription: subscription.subscriptionId }, location.search)}
        preventScrollReset
        aria-label={`Remove subscription #${subscription.subscriptionId}`}
      >
        Remove subscription
      </RemixLink>
    </Link>
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
