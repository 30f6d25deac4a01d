import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { UsageFigure } from './usage-figure'

describe('the usage chart', () => {
  it('fills each series with a pattern of its own, bars and key alike, so that no colour is needed to tell them apart', () => {
    const month = { bought: 10, assigned: 8, active: 5, refused: 1 }
    const html = renderToStaticMarkup(
      <UsageFigure
        usage={{
          product: 'wallaby',
          months: [
            { month: '2026-10', ...month },
            { month: '2026-11', ...month },
          ],
        }}
      />,
    )
    const patterns = [...html.matchAll(/<pattern id="([^"]+)"[^>]*>(.*?)<\/pattern>/g)]
    expect(patterns).toHaveLength(4)
    // Four shapes: solid, stripes, dots, cross-hatch.
    expect(new Set(patterns.map(([, , shape]) => shape!.replace(/fill="[^"]*"/g, '')))).toHaveProperty('size', 4)
    for (const [, id] of patterns) {
      // Two bars (one a month) and the key's swatch.
      expect(html.split(`fill="url(#${id})"`)).toHaveLength(4)
    }
  })
})
