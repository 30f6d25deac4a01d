import { useActionData, useLocation } from '@remix-run/react'
import { useSalesEmail } from '#app/utils/support-email'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { LicenseActionProps } from '../shared/row-actions'
import { licenseWords } from '#app/rules/license'
import { labels, opensInNewTab } from '#app/rules/messages/labels'
import { NewTabIcon } from '#app/components/icons'
import { pageActionUrl } from '../shared/urls'
import { encodeLicenseRef, salesRenewalMailto } from './renewal-rules'
import type { RenewActionData } from './renewals.server'
import { Button, Link, plainProps, Text } from '#app/components/themes'
import { renewsThroughSales, showRenew } from '#protocol/licenses/licenses'

// On every row: plain elements (plainProps).
const salesLink = plainProps(<Link size="2" />)
const renewButton = plainProps(<Button size="1" variant="soft" />)

/** Spec §2, §5, §7: to the provider's checkout, or the sales mail link. */
export function RenewAction({ license, company }: LicenseActionProps) {
  const hydrated = useHydrated()
  const location = useLocation()
  const actionData = useActionData<RenewActionData>()
  const salesEmail = useSalesEmail()
  if (!showRenew(license, company)) return null
  const name = `${labels.renew} ${licenseWords(license)}`
  if (renewsThroughSales(license)) {
    return <a {...salesLink({ href: salesRenewalMailto(salesEmail, [license]), 'aria-label': name })}>{labels.renew}</a>
  }
  const error =
    actionData?.intent === 'renew' && actionData.license.id === license.id && actionData.license.owner === license.owner
      ? actionData.error
      : undefined
  return (
    <form method="post" action={pageActionUrl(location.search)} target={hydrated ? '_blank' : undefined}>
      <input type="hidden" name="license" value={encodeLicenseRef(license)} />
      {/* With script the checkout opens in a new tab: the button shows it and says it. */}
      <button
        {...renewButton({
          type: 'submit',
          name: 'intent',
          value: 'renew',
          'aria-label': hydrated ? `${name} ${opensInNewTab}` : name,
        })}
      >
        {labels.renew}
        {hydrated ? <NewTabIcon size={12} /> : null}
      </button>
      {error ? (
        <Text as="p" size="1" role="alert" color="red">
          {error}
        </Text>
      ) : null}
    </form>
  )
}
