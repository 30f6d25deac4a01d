import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import zlib from 'node:zlib'
import postcss from 'postcss'
import selectorParser from 'postcss-selector-parser'
import { Link } from '@radix-ui/themes'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { appStylesheets } from '../build-styles'
import { portalCss, type PortalCss } from './portal-css'
import { propertiesRead, renderedClasses, type Rendered } from './rendered-classes'
import { forwardingFields, literalWords, usesIn } from './theme-uses'

// What the portal ships styles every class it can render: each class Radix Themes' complete stylesheet styles, on
// every element the portal's source writes (theme components with each value their props can take, class lists
// written by hand, both themes, every dialog and state), is in the whole sheet and in each theme's first paint.

const radixDir = path.dirname(createRequire(import.meta.url).resolve('@radix-ui/themes/package.json'))

/** The class names a stylesheet's selectors name, and the custom properties it defines. */
function namesIn(css: string) {
  const classes = new Set<string>()
  const defined = new Set<string>()
  const root = postcss.parse(css)
  root.walkRules((rule) => {
    selectorParser((selectors) => selectors.walkClasses((node) => void classes.add(node.value))).processSync(
      rule.selector,
    )
  })
  root.walkDecls(/^--/, (declaration) => void defined.add(declaration.prop))
  return { classes, defined }
}

/** The selectors of a sheet's rules. */
function selectorsOf(css: string) {
  const selectors: string[] = []
  postcss.parse(css).walkRules((rule) => void selectors.push(...rule.selectors))
  return selectors
}

const otherTheme = { light: ['dark', 'dark-theme'], dark: ['light', 'light-theme'] }

let rendered: Rendered
let shipped: PortalCss
let radix: ReturnType<typeof namesIn>

beforeAll(() => {
  rendered = renderedClasses(path.resolve('app'))
  shipped = portalCss(rendered, appStylesheets())
  radix = namesIn(fs.readFileSync(path.join(radixDir, 'styles.css'), 'utf8'))
}, 60_000)

describe('the shipped stylesheets', () => {
  it('finds what the portal renders', () => {
    expect(rendered.elements.length).toBeGreaterThan(300)
    for (const name of ['rt-Button', 'rt-variant-soft', 'rt-BaseDialogContent', 'rt-TableRoot', 'sm:rt-r-fd-row'])
      expect(rendered.classes, name).toContain(name)
    expect(rendered.colors).toEqual(expect.objectContaining(new Set(['red', 'green', 'amber', 'gray'])))
    // A prop given to one of the portal's form fields reaches its theme component: the sign-in page's email field.
    const sized = rendered.elements.filter((list) => list.includes('rt-TextFieldRoot')).map((list) => list.join(' '))
    expect(sized).toContainEqual(expect.stringContaining('rt-r-size-3'))
  })

  it('knows each theme component given its caller’s props wholesale, so what the callers write is read too', () => {
    const given = usesIn(path.resolve('app'))
      .filter((use) => use.spreads && !use.forwarded)
      .map((use) => `${use.where.replace(/:\d+$/, '')} ${use.tag}`)
    expect(new Set(given)).toEqual(new Set([...forwardingFields.values()].map((tag) => `components/forms.tsx ${tag}`)))
  })

  it.each(['full', 'light', 'dark'] as const)('%s: every class Radix styles that the portal renders', (which) => {
    const css = which === 'full' ? shipped.full : shipped.firstPaint[which]
    const { classes } = namesIn(css)
    const unrendered = new Set(which === 'full' ? [] : otherTheme[which])
    const missing = [...rendered.classes].filter(
      (name) => radix.classes.has(name) && !classes.has(name) && !unrendered.has(name),
    )
    expect(missing).toEqual([])
  })

  it.each(['full', 'light', 'dark'] as const)(
    '%s: every accent colour, every custom property the portal reads',
    (which) => {
      const css = which === 'full' ? shipped.full : shipped.firstPaint[which]
      const { defined } = namesIn(css)
      for (const color of rendered.colors) {
        expect(css, color).toContain(`[data-accent-color=${color}]`)
        if (color !== 'gray') expect(defined, color).toContain(`--${color}-9`)
      }
      // What the portal's own source and styles read, of what Radix defines (`--max-width` is set on the element).
      const read = [...rendered.properties, ...propertiesRead(appStylesheets())]
      expect(read.filter((property) => radix.defined.has(property) && !defined.has(property))).toEqual([])
    },
  )

  it.each(['light', 'dark'] as const)('%s: the first paint holds its theme alone; the whole sheet both', (theme) => {
    const asks = (selector: string) => otherTheme[theme].some((name) => selector.includes(`.${name}`))
    expect(selectorsOf(shipped.firstPaint[theme]).filter((s) => asks(s) && !s.includes(':not('))).toEqual([])
    expect(selectorsOf(shipped.full).some(asks)).toBe(true)
  })

  it.each(['light', 'dark'] as const)(
    '%s: what blocks the first paint fits the first round trip (14 KB gzip)',
    (theme) => {
      expect(zlib.gzipSync(shipped.firstPaint[theme]).length).toBeLessThanOrEqual(14 * 1024)
    },
  )

  it('leaves out what the portal never renders', () => {
    const { classes } = namesIn(shipped.full)
    for (const name of ['rt-SelectTrigger', 'rt-TabsList', 'xs:rt-r-size-1']) expect(classes).not.toContain(name)
    expect(shipped.full).not.toContain('[data-accent-color=tomato]')
  })
})

describe("Radix's classes: written by the theme components alone, each one Radix Themes has", () => {
  it('no text in app/ outside app/components/themes names one', () => {
    const radixNamed = (word: string) => /^(?:\w+:)?rt-/.test(word) || word === 'radix-themes'
    expect(literalWords(path.resolve('app')).flat().filter(radixNamed)).toEqual([])
  })

  it('every one the portal renders is in Radix Themes: its stylesheet, or its components write it', () => {
    // Some are hooks Radix renders without a rule of their own (`rt-DialogScroll`): its components' code.
    const componentsDir = path.join(radixDir, 'dist/esm/components')
    const code = fs
      .readdirSync(componentsDir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(componentsDir, file), 'utf8'))
      .join('\n')
    const unknown = [...rendered.classes].filter((name) => {
      if (!name.startsWith('rt-') && !/^\w+:rt-/.test(name)) return false
      const underline = name.match(/^rt-underline-(\w+)$/)?.[1]
      // A link's underline class is made from its prop's value.
      if (underline)
        return !renderToStaticMarkup(createElement(Link, { href: '/', underline } as object)).includes(name)
      return !radix.classes.has(name) && !new RegExp(`["\\s]${name}["\\s]`).test(code)
    })
    expect(unknown).toEqual([])
  })
})
