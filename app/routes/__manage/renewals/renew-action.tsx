import { useActionData, useLocation } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { LicenseActionProps } from '#app/routes/__manage/license-actions'
import { licenseWords, renewsThroughSales, showRenew } from '#app/rules/license'
import { labels } from '#app/rules/messages'
import { encodeLicenseRef, salesRenewalMailto } from '#app/routes/__manage/renewals/renewal-rules'
import type { RenewActionData } from '#app/routes/__manage/renewals/renewals.server'
import { accent, accentColor, rt } from '#app/components/radix-classes'

/**
 * A license row's Renew (spec §2, §5 showRenew, §7 renewal): a form posting `intent=renew`, whose answer sends the
 * browser to the provider's renewal checkout — in a new tab with script, in this tab without. Enterprise and
 * multi-user licenses get the sales mail link instead. Plain elements with the classes of Radix's Link, Button and Text:
 * this repeats on every row (see radix-classes).
 */
export function RenewAction({ license, company }: LicenseActionProps) {
  const hydrated = useHydrated()
  const location = useLocation()
  const actionData = useActionData<RenewActionData>()
  if (!showRenew(license, company)) return null
  const name = `${labels.renew} ${licenseWords(license)}`
  if (renewsThroughSales(license)) {
    return (
      <a href={salesRenewalMailto([license])} aria-label={name} className={rt.link} {...accent}>
        {labels.renew}
      </a>
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
      <input type="hidden" name="license" value={encodeLicenseRef(license)} />
      <button type="submit" name="intent" value="renew" aria-label={name} className={rt.softButton1} {...accent}>
        {labels.renew}
      </button>
      {error ? (
        <p role="alert" className={rt.text1} {...accentColor('red')}>
          {error}
        </p>
      ) : null}
    </form>
  )
}
