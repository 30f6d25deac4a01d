import { Callout } from '@radix-ui/themes'
import { formatDate } from '#app/rules/dates'
import { displayName } from '#app/rules/license'
import type { ExpiryWarnings } from '#app/rules/expiry'

/**
 * Spec §9: long-expired licenses give a count; recently expired ones show the full-renewal-discount deadline. The
 * warnings are worked out over every license of the account (`expiryWarnings`) by the server: the page has only the
 * visible rows.
 */
export function ExpiryWarning({ warnings }: { warnings: ExpiryWarnings }) {
  if (!warnings.longExpiredCount && warnings.discountDeadlines.length === 0) return null
  return (
    <Callout.Root highContrast color="orange" mb="4" role="region" aria-label="Expiry warning">
      {warnings.discountDeadlines.map(({ license, deadline }) => (
        <Callout.Text key={`${license.owner}:${license.id}`}>
          {displayName(license)} (order {license.order}, key {license.key}) expired on{' '}
          {formatDate(license.expiration, { utc: true })}. Renew by {formatDate(deadline, { utc: true })} to get the
          full renewal discount.
        </Callout.Text>
      ))}
      {warnings.longExpiredCount ? (
        <Callout.Text>
          {warnings.longExpiredCount} license(s) expired more than 60 days ago. Renew them to keep receiving updates.
        </Callout.Text>
      ) : null}
    </Callout.Root>
  )
}
