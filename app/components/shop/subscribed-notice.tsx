import { Link as RemixLink } from '@remix-run/react'
import type { MouseEvent } from 'react'
import { Callout, Link, Strong } from '#app/components/themes'
import type { SubscribedNotice } from '#app/routes/__shop/purchase-data'
import { countOf } from '#protocol/shared/words'

/** Beside "Email address is already subscribed.": which subscription it is, and the two ways on. */
export function SubscribedCallout({
  notice,
  organizationHref,
  onBuyAsOrganization,
}: {
  notice: SubscribedNotice
  /** The same choices as an organization purchase (without script, a page of its own). */
  organizationHref: string
  onBuyAsOrganization: (event: MouseEvent<HTMLAnchorElement>) => void
}) {
  const { subscription } = notice
  const asOrganization = (
    <Link asChild underline="always">
      <RemixLink to={organizationHref} onClick={onBuyAsOrganization}>
        buy {notice.product} as an organization
      </RemixLink>
    </Link>
  )
  return (
    <Callout.Root color="amber" role="note" id="purchase-subscribed" className="purchase-form__for-individual">
      <Callout.Text>
        {subscription ? (
          <>
            You have a <Strong>{subscription.name}</Strong> subscription already (
            {countOf(subscription.quantity, 'user')}, billed{' '}
            {subscription.billingPeriod === 'year' ? 'annually' : 'monthly'}
            ). To add users,{' '}
            <Link asChild underline="always">
              <RemixLink to={subscription.quantityUrl}>change its quantity</RemixLink>
            </Link>
            ; or {asOrganization}, with licenses you assign to people.
          </>
        ) : (
          <>
            {notice.email} has a {notice.product} subscription already. To add users,{' '}
            <Link asChild underline="always">
              <RemixLink to={`/?email=${encodeURIComponent(notice.email)}`}>sign in to Manage Licenses</RemixLink>
            </Link>{' '}
            with that address and change the subscription&apos;s quantity; or {asOrganization}, with licenses you assign
            to people.
          </>
        )}
      </Callout.Text>
    </Callout.Root>
  )
}
