import { Button, Link, Text } from '@radix-ui/themes'
import { useActionData, useLocation } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { LicenseActionProps } from '#app/components/manage/license-actions'
import { displayName, renewsThroughSales, showRenew } from '#app/rules/license'
import { labels } from '#app/rules/messages'
import { encodeLicenseRef, salesRenewalMailto } from '#app/routes/__manage/renewals/renewal-rules'
import type { RenewActionData } from '#app/routes/__manage/renewals/renewals.server'

/**
 * A license row's Renew (spec §2, §5 showRenew, §7 renewal): a form posting `intent=renew`, whose answer sends the
 * browser to the provider's renewal checkout — in a new tab with script, in this tab without. Enterprise and
 * multi-user licenses get the sales mail link instead.
 */
export function RenewAction({ license, company }: LicenseActionProps) {
  const hydrated = useHydrated()
  const location = useLocation()
  const actionData = useActionData<RenewActionData>()
  if (!showRenew(license, company)) return null
  const context = (
    <span className="visually-hidden">
      {' '}
      {displayName(license)}, order {license.order}, key {license.key}
    </span>
  )
  if (renewsThroughSales(license)) {
    return (
      <Link href={salesRenewalMailto([license])} size="2">
        {labels.renew}
        {context}
      </Link>
    )
  }
  const error =
    actionData?.intent === 'renew' && actionData.license.id === license.id && actionData.license.owner === license.owner
      ? actionData.error
      : undefined
  const inactive = new URLSearchParams(location.search).get('inactive') === 'show'
  return (
    <form
      method="post"
      action={inactive ? '/manage?index&inactive=show' : '/manage?index'}
      target={hydrated ? '_blank' : undefined}
    >
      <input type="hidden" name="intent" value="renew" />
      <input type="hidden" name="license" value={encodeLicenseRef(license)} />
      <Button type="submit" size="1" variant="soft">
        {labels.renew}
        {context}
      </Button>
      {error ? (
        <Text as="p" role="alert" color="red" size="1">
          {error}
        </Text>
      ) : null}
    </form>
  )
}
