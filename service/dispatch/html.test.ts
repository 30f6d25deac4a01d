import { describe, expect, it } from 'vitest'
import { escapeHtml } from './html.js'

describe('escapeHtml', () => {
  it('writes the characters that end an element or an attribute as entities', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    )
  })
  it('leaves other text alone', () => {
    expect(escapeHtml('plain text, ünïcode')).toBe('plain text, ünïcode')
  })
})
