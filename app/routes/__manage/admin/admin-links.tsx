import { Button } from '#app/components/themes'
import { Link as RemixLink, useLocation } from '@remix-run/react'
import { licenseWords } from '#app/rules/license'
import type { LicenseActionProps, SubscriptionActionProps } from '../shared/row-actions'
import { RowLink } from '../shared/row-link'
import { dialogUrl } from '../shared/urls'
import { subscriptionWords } from '../shared/subscription-words'

/** Platform administrators only, confirmed in its dialog. */
export function RemoveLicenseAction({ license, admin }: LicenseActionProps) {
  const location = useLocation()
  if (!admin) return null
  return (
    <RowLink
      to={dialogUrl({ dialog: 'remove-license', license: license.id, owner: license.owner }, location.search)}
      label={`Remove ${licenseWords(license)}`}
    >
      Remove
    </RowLink>
  )
}

/** Platform administrators only, confirmed in its dialog. */
export function RemoveSubscriptionAction({ subscription, admin }: SubscriptionActionProps) {
  const location = useLocation()
  if (!admin) return null
  return (
    <RowLink
      to={dialogUrl({ dialog: 'remove-subscription', subscription: subscription.subscriptionId }, location.search)}
      label={`Remove subscription ${subscriptionWords(subscription)}`}
    >
      Remove subscription
    </RowLink>
  )
}

/** Spec §2. */
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
