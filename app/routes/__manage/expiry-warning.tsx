import { Callout } from '#app/components/themes'
import { discountDeadlineMessage, longExpiredMessage, type ExpiryWarnings } from '#app/rules/expiry'
import { countOf } from '#protocol/shared/words'

/** Before the rest fold away behind "Show … more". */
export const EXPIRY_LINES_SHOWN = 5

/** Spec §9 over every license of the account; beyond five lines, a native disclosure (opens without script). */
export function ExpiryWarning({ warnings }: { warnings: ExpiryWarnings }) {
  const { discountDeadlines, longExpiredCount, longExpiredOrders } = warnings
  if (!longExpiredCount && discountDeadlines.length === 0) return null
  const line = (group: ExpiryWarnings['discountDeadlines'][number]) => (
    <Callout.Text key={`${group.order}:${group.product}:${group.expiration}:${group.keys[0]}`}>
      {discountDeadlineMessage(group)}
    </Callout.Text>
  )
  const more = discountDeadlines.slice(EXPIRY_LINES_SHOWN)
  return (
    <Callout.Root highContrast color="orange" mb="4" role="region" aria-label="Expiry warning">
      {discountDeadlines.slice(0, EXPIRY_LINES_SHOWN).map(line)}
      {more.length ? (
        <details className="expiry-more">
          <summary>Show {countOf(more.length, 'more recently expired order')}</summary>
          {more.map(line)}
        </details>
      ) : null}
      {longExpiredCount ? <Callout.Text>{longExpiredMessage(longExpiredCount, longExpiredOrders)}</Callout.Text> : null}
    </Callout.Root>
  )
}
