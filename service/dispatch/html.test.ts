import { describe, expect, it } from 'vitest'
import { htmlDocument } from './html.js'

describe('htmlDocument', () => {
  it('writes the characters that end an element or an attribute as entities, in the title, body and theme', () => {
    const html = htmlDocument({ title: `<a href="x">`, style: 'a{}', theme: '"x', children: `Tom & Jerry's <b>` })
    expect(html).toMatch(/^<!doctype html><html lang="en" class="&quot;x"><head>/)
    expect(html).toContain('<title>&lt;a href=&quot;x&quot;&gt;</title><style>a{}</style>')
    expect(html).toContain('<body>Tom &amp; Jerry&#x27;s &lt;b&gt;</body>')
  })
  it('leaves other text alone', () => {
    expect(htmlDocument({ title: 'plain text, ünïcode', style: '', children: null })).toContain(
      '<title>plain text, ünïcode</title>',
    )
  })
})
