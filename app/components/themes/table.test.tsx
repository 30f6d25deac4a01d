import { Table as RadixTable } from '@radix-ui/themes'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Table } from './table'

// Every way app/ writes a table, rendered by Radix Themes and by ours: the same root classes and the same <table>,
// so Radix's stylesheet styles ours as its own. Only the scroll area differs, and on purpose.

function sample(T: typeof Table | typeof RadixTable, root: { size?: '1'; variant?: 'surface'; mb?: '3' | '4' }) {
  return renderToStaticMarkup(
    <T.Root {...root} className="license-table" id="t">
      <caption>Licenses</caption>
      <T.Header>
        <T.Row>
          <T.ColumnHeaderCell>Name</T.ColumnHeaderCell>
          <T.ColumnHeaderCell justify="end">Seats</T.ColumnHeaderCell>
          <T.ColumnHeaderCell scope="colgroup">Actions</T.ColumnHeaderCell>
        </T.Row>
      </T.Header>
      <T.Body>
        <T.Row id="r1" data-month="2026-11">
          <T.RowHeaderCell>Wallaby</T.RowHeaderCell>
          <T.Cell justify="end" data-series="seats">
            5
          </T.Cell>
          <T.Cell justify="center" className="x">
            <a href="/manage">Open</a>
          </T.Cell>
        </T.Row>
      </T.Body>
    </T.Root>,
  )
}

const rootClasses = (html: string) => new Set(html.match(/^<div[^>]* class="([^"]*)"/)![1].split(' '))
const tableOf = (html: string) => html.match(/<table[\s\S]*<\/table>/)![0]

describe('Table: what Radix Themes renders, scrolled by the browser', () => {
  const roots = [{}, { size: '1' as const }, { variant: 'surface' as const, size: '1' as const, mb: '3' as const }]
  it.each(roots)('root %o: the same classes and the same table', (root) => {
    const ours = sample(Table, root)
    const radix = sample(RadixTable, root)
    expect(rootClasses(ours)).toEqual(rootClasses(radix))
    expect(ours).toMatch(/^<div id="t" /)
    expect(tableOf(ours)).toBe(tableOf(radix))
  })

  it('a wide table scrolls sideways without script (Radix clips it until its script runs)', () => {
    expect(sample(Table, {})).toContain(
      '<div class="rt-ScrollAreaViewport" style="overflow-x:auto;overflow-y:hidden"><div style="min-width:100%;display:table"><table',
    )
    expect(sample(RadixTable, {})).toContain('overflow-x:hidden;overflow-y:hidden')
  })
})
