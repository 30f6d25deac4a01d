import { Box, Heading, Text } from '#app/components/themes'
import type { PriceBreakdown } from '#app/routes/__shop/pricing'

type PriceBreakdownProps = {
  breakdown: PriceBreakdown
  /** The price lookup failed or timed out (spec §9). */
  fallback: boolean
  updating?: boolean
}

/** The purchase page's price breakdown (spec §2), a live region so a screen reader hears the new total. */
export function PriceBreakdownView({ breakdown, fallback, updating = false }: PriceBreakdownProps) {
  return (
    <Box asChild mb="5">
      <section aria-labelledby="price-heading" aria-busy={updating}>
        <Heading as="h2" size="5" mb="3" id="price-heading">
          Price
        </Heading>
        <div aria-live="polite">
          {/* One sentence: the figure and what it is the price of are read together. */}
          <Text as="p" size="3" mb="1">
            <Text size="8" weight="bold" data-testid="price-per-month">
              {breakdown.perLicensePerMonth}
            </Text>{' '}
            {breakdown.perLicenseLabel}
          </Text>
          <Text as="p" size="2" color="gray" mb="3">
            {breakdown.billing}
          </Text>
          <table className="shop-breakdown">
            <caption className="visually-hidden">Price breakdown</caption>
            <tbody>
              {breakdown.rows.map((row) => (
                <tr key={row.key} className={row.kind === 'total' ? 'shop-breakdown__total' : undefined}>
                  <th scope="row">{row.label}</th>
                  <td>{row.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {fallback ? (
            <Text as="p" size="1" color="gray" mt="2">
              Prices in your currency could not be looked up just now; these are our standard prices in US dollars.
            </Text>
          ) : null}
        </div>
      </section>
    </Box>
  )
}
