import path from 'node:path'
import { createElement, type ComponentType, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { usesIn, type Use } from '../../../scripts/styles/theme-uses'
import * as Themes from './index'
import { plainProps } from './plain'

// Every `plainProps(<…/>)` in app/, given what a row passes on: the plain element's HTML is the component's, byte for
// byte (attributes in the same order), so the page is the same whichever way a part is written.

type AnyComponent = ComponentType<Record<string, unknown>>
const componentOf = (tag: string) =>
  tag.split('.').reduce<unknown>((parent, name) => (parent as Record<string, unknown>)[name], Themes) as AnyComponent

const owns = [
  undefined,
  { id: 'license-acme-1', tabIndex: -1 },
  { href: '/manage?dialog=machines&license=1&owner=acme', 'aria-label': 'Machines of Wallaby', 'data-route-link': '' },
  { type: 'submit', name: 'intent', value: 'renew', 'aria-label': 'Renew', title: 'Renew "it"', target: undefined },
]

/** The use as the component renders it, and as plainProps writes it. */
function bothWays(use: Use, own: Record<string, unknown> | undefined) {
  const component = componentOf(use.tag)
  const child = use.plain?.child
  const fixed: ReactElement<Record<string, unknown>> = child
    ? createElement(component, use.props, createElement(child))
    : createElement(component, use.props)
  const viaComponent = renderToStaticMarkup(
    child
      ? createElement(component, use.props, createElement(child, own, 'text'))
      : createElement(component, { ...use.props, ...own }, 'text'),
  )
  const tag = viaComponent.match(/^<([a-z0-9]+)/)![1]
  return [viaComponent, renderToStaticMarkup(createElement(tag, plainProps(fixed)(own), 'text'))]
}

describe('plainProps: the markup of a theme component, worked out once', () => {
  const uses = usesIn(path.join(import.meta.dirname, '..', '..')).filter((use) => use.plain)

  it('finds the uses, each with its props written as text', () => {
    expect(uses.length).toBeGreaterThan(10)
    expect(uses.filter((use) => use.expressions.length > 0 || Object.keys(use.choices).length > 0)).toEqual([])
  })

  it.each(uses.map((use) => [`${use.where} <${use.tag}>`, use] as const))('%s', (_, use) => {
    for (const own of owns) {
      const [viaComponent, plain] = bothWays(use, own)
      expect(plain, JSON.stringify(own)).toBe(viaComponent)
    }
  })

  it('refuses a component it cannot work out: one with hooks, one that does not pass its props on', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => plainProps(<Themes.TextField.Root />)).toThrow()
    expect(() => plainProps(<Themes.Theme appearance="light">x</Themes.Theme>)).toThrow()
  })
})
