import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { keyRuns, type DiscountDeadline } from '#app/rules/expiry'
import { EXPIRY_LINES_SHOWN, ExpiryWarning } from './expiry-warning'

const DAY = 86_400_000
const group = (i: number): DiscountDeadline => ({
  product: 'Wallaby.js',
  order: String(4700 + i),
  keys: [[1, 3]],
  count: 3,
  expiration: Date.UTC(2026, 9, 1) + i * DAY,
  deadline: Date.UTC(2026, 10, 30) + i * DAY,
  renewal: { offered: true },
})

/** The warning's lines, split at the disclosure: [shown, folded]. */
function render(count: number, longExpiredCount = 0) {
  const longExpiredOrders = longExpiredCount
    ? [{ product: 'Quokka.js', order: 'Q1200', keys: keyRuns([1, 2]), count: 2 }]
    : []
  const html = renderToStaticMarkup(
    <ExpiryWarning
      warnings={{
        longExpiredCount,
        longExpiredOrders,
        discountDeadlines: Array.from({ length: count }, (_, i) => group(i)),
      }}
    />,
  )
  const [shown, folded = ''] = html.split('<details')
  const lines = (part: string) => part.match(/\(order \d+/g)?.map((m) => m.slice(7)) ?? []
  return { html, shown: lines(shown), folded: lines(folded) }
}

describe('ExpiryWarning', () => {
  it('renders nothing when nothing expired', () => {
    expect(render(0).html).toBe('')
  })
  it('shows every order when there are five or fewer, without a disclosure', () => {
    const { html, shown, folded } = render(EXPIRY_LINES_SHOWN)
    expect(shown).toEqual(['4700', '4701', '4702', '4703', '4704'])
    expect(folded).toEqual([])
    expect(html).not.toContain('<details')
    expect(html).toContain('(order 4700, keys 1–3) expired on October 1, 2026. Renew by November 30, 2026')
  })
  it('folds the orders beyond the fifth into a native disclosure that says how many it holds', () => {
    const { html, shown, folded } = render(8, 4)
    expect(shown).toEqual(['4700', '4701', '4702', '4703', '4704'])
    expect(folded).toEqual(['4705', '4706', '4707'])
    expect(html).toContain('<summary>Show 3 more recently expired orders</summary>')
    expect(html).toContain(
      '4 licenses expired more than 60 days ago: Quokka.js (order Q1200, keys 1–2) and 2 more licenses. Renew them to keep receiving updates.',
    )
  })
})
