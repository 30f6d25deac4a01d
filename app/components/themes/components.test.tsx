import path from 'node:path'
import * as Radix from '@radix-ui/themes'
import { createElement, type ComponentType, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { usesIn, type Use } from '../../../scripts/styles/theme-uses'
import * as Ours from './index'

// Every element app/ writes with these components, rendered by Radix Themes and by ours with the same props: the same
// markup (attributes in any order, classes as a set). A prop written as an expression is tried with sample values.

type AnyComponent = ComponentType<Record<string, unknown>>
const pair = (ours: unknown, radix: unknown) => [ours as AnyComponent, radix as AnyComponent] as const
const components = new Map([
  ['Badge', pair(Ours.Badge, Radix.Badge)],
  ['Box', pair(Ours.Box, Radix.Box)],
  ['Button', pair(Ours.Button, Radix.Button)],
  ['Callout.Root', pair(Ours.Callout.Root, Radix.Callout.Root)],
  ['Callout.Text', pair(Ours.Callout.Text, Radix.Callout.Text)],
  ['Card', pair(Ours.Card, Radix.Card)],
  ['Code', pair(Ours.Code, Radix.Code)],
  ['Container', pair(Ours.Container, Radix.Container)],
  ['DataList.Root', pair(Ours.DataList.Root, Radix.DataList.Root)],
  ['DataList.Item', pair(Ours.DataList.Item, Radix.DataList.Item)],
  ['DataList.Label', pair(Ours.DataList.Label, Radix.DataList.Label)],
  ['DataList.Value', pair(Ours.DataList.Value, Radix.DataList.Value)],
  ['Flex', pair(Ours.Flex, Radix.Flex)],
  ['Grid', pair(Ours.Grid, Radix.Grid)],
  ['Heading', pair(Ours.Heading, Radix.Heading)],
  ['IconButton', pair(Ours.IconButton, Radix.IconButton)],
  ['Link', pair(Ours.Link, Radix.Link)],
  ['Radio', pair(Ours.Radio, Radix.Radio)],
  ['Separator', pair(Ours.Separator, Radix.Separator)],
  ['Spinner', pair(Ours.Spinner, Radix.Spinner)],
  ['Strong', pair(Ours.Strong, Radix.Strong)],
  ['Text', pair(Ours.Text, Radix.Text)],
  ['TextField.Root', pair(Ours.TextField.Root, Radix.TextField.Root)],
  ['Theme', pair(Ours.Theme, Radix.Theme)],
])

/** Values tried for a prop app/ writes as an expression. */
const samples = new Map<string, unknown[]>([
  ['color', [undefined, 'red', 'gray']],
  ['size', ['1', '3']],
  ['gap', ['2', '4']],
  ['justify', ['end', 'between']],
  ['trim', [undefined, 'start']],
  ['orientation', ['vertical', { initial: 'vertical', sm: 'horizontal' }]],
  ['disabled', [false, true]],
  ['appearance', ['light', 'dark']],
])
/** Each start tag's attributes sorted, and its classes sorted. */
function normalized(html: string) {
  return html.replace(
    /<([a-z0-9]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>/g,
    (_, tag: string, attrs: string, end) => {
      const list = [...attrs.matchAll(/\s+([^\s=>/]+)(?:="([^"]*)")?/g)].map(([, name, value = '']) =>
        name === 'class' ? `class="${value.split(/\s+/).filter(Boolean).sort().join(' ')}"` : `${name}="${value}"`,
      )
      return `<${tag} ${list.sort().join(' ')}${end}>`
    },
  )
}

/** A part renders inside its root, as app/ writes it; `asChild` gets a link to become. */
function render({ tag, empty }: Use, which: 0 | 1, props: Record<string, unknown>) {
  const component = (name: string) => components.get(name)![which]
  const children: ReactNode = props.asChild ? createElement('a', { href: '/x', className: 'c' }, 'child') : 'text'
  const element = empty ? createElement(component(tag), props) : createElement(component(tag), props, children)
  if (tag === 'Callout.Text')
    return renderToStaticMarkup(createElement(component('Callout.Root'), { size: '1' }, element))
  if (tag.startsWith('DataList.') && tag !== 'DataList.Root')
    return renderToStaticMarkup(createElement(component('DataList.Root'), {}, element))
  return renderToStaticMarkup(element)
}

describe('Radix Themes markup without its script: every use in app/', () => {
  const uses = usesIn(path.join(import.meta.dirname, '..', '..')).filter(
    // The table has its own test; Radix's dialog content renders only in a portal (portal-css.test.ts).
    (use) => use.tag !== 'DialogContent' && use.tag !== 'Table' && !use.tag.startsWith('Table.'),
  )

  it('finds the uses', () => {
    expect(uses.length).toBeGreaterThan(300)
    expect(new Set(uses.map((use) => use.tag))).toEqual(new Set(components.keys()))
  })

  it.each(uses.map((use) => [`${use.where} <${use.tag}>`, use] as const))('%s', (_, use) => {
    const variants = [use.props]
    for (const [name, values] of Object.entries(use.choices))
      for (const value of values) variants.push({ ...use.props, [name]: value })
    for (const name of use.expressions)
      for (const value of samples.get(name) ?? [undefined]) variants.push({ ...use.props, [name]: value })
    for (const props of variants) {
      const ours = render(use, 0, props)
      expect(normalized(ours), JSON.stringify(props)).toBe(normalized(render(use, 1, props)))
    }
  })
})
