// Every class and accent colour the portal's markup can carry. Radix's classes are written by the theme components
// alone (app/components/themes; portal-css.test.ts keeps it so): a prop written as text renders as written, a
// choice of texts with each, an expression with every value Radix Themes defines. The portal's own classes and colours
// written by hand appear whole in the source (as in PurgeCSS).
import * as RadixProps from '@radix-ui/themes/props'
import { createElement, type ComponentType, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import * as Themes from '#app/components/themes'
import { literalWords, sourceText, usesIn, type Use } from './theme-uses'

type PropDef = { type: string; values?: readonly string[] }
type AnyComponent = ComponentType<Record<string, unknown>>

const propDefs = RadixProps as unknown as Record<string, Record<string, PropDef> | undefined>

/** `TextField.Root` → Radix's `textFieldRootPropDefs`. */
const ownDefinitions = (tag: string) => propDefs[`${tag[0]!.toLowerCase()}${tag.slice(1).replace('.', '')}PropDefs`]

/** The component's own definition of a prop, then the margin and padding props every component takes. */
function definitionOf(tag: string, prop: string): PropDef | undefined {
  for (const defs of [ownDefinitions(tag), propDefs.marginPropDefs, propDefs.paddingPropDefs, propDefs.gapPropDefs])
    if (defs?.[prop]) return defs[prop]
  return undefined
}

/** A form field's use keeps only the props it hands on: those of the component and the margins every one takes. */
function handedOn(use: Use): Use {
  if (!use.forwarded) return use
  const own = (prop: string) => Boolean(ownDefinitions(use.tag)?.[prop] ?? propDefs.marginPropDefs?.[prop])
  const kept = <T>(entries: Record<string, T>) => Object.fromEntries(Object.entries(entries).filter(([p]) => own(p)))
  return { ...use, props: kept(use.props), choices: kept(use.choices), expressions: use.expressions.filter(own) }
}

/** The values a prop written as an expression may take; colours only those the portal names somewhere. */
function domainOf(tag: string, prop: string, colors: Set<string>): unknown[] {
  if (prop === 'color') return [undefined, ...colors]
  // An HTML attribute Radix's definitions leave out; a disabled button carries `data-disabled`.
  if (prop === 'disabled') return [false, true]
  const definition = definitionOf(tag, prop)
  if (definition?.type === 'boolean') return [false, true]
  // The theme components take no negative space (Radix's `mt="-2"`).
  const values = definition?.values?.filter((value) => !value.startsWith('-')) ?? []
  return [undefined, ...values]
}

function componentOf(tag: string): AnyComponent {
  const [base, part] = tag.split('.') as [keyof typeof Themes, string | undefined]
  const found = part ? (Themes[base] as unknown as Record<string, unknown>)[part] : Themes[base]
  if (!found) throw new Error(`No theme component ${tag}`)
  return found as AnyComponent
}

/** A part renders inside its root, as app/ writes it: a callout's text takes its size from the callout. */
function render({ tag, empty }: Use, props: Record<string, unknown>): string {
  const children: ReactNode = props.asChild ? createElement('a', { href: '/x' }, 'child') : 'text'
  const element = createElement(componentOf(tag), props, ...(empty && !props.asChild ? [] : [children]))
  if (tag === 'Callout.Text')
    return ['1', '2', '3']
      .map((size) => renderToStaticMarkup(createElement(componentOf('Callout.Root'), { size }, element)))
      .join('')
  return renderToStaticMarkup(element)
}

/** `elements`: the class lists one element can carry; `settings`: the values a `data-` attribute is written with. */
export type Rendered = {
  elements: string[][]
  classes: Set<string>
  colors: Set<string>
  attributes: Set<string>
  settings: Map<string, Set<string>>
  properties: Set<string>
}

export const propertiesRead = (text: string) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]!)

/** Every class list and accent colour the portal's source can render, read from app/ at `appDir`. */
export function renderedClasses(appDir: string): Rendered {
  const elements = literalWords(appDir)
  const words = new Set(elements.flat())
  const accentColors = RadixProps.accentColorPropDef.color.values as readonly string[]
  const colors = new Set(accentColors.filter((color) => words.has(color)))
  const markup: string[] = []
  for (const use of usesIn(appDir).map(handedOn)) {
    markup.push(render(use, use.props))
    // One prop at a time: each writes classes of its own, whatever the others are.
    for (const [name, values] of Object.entries(use.choices))
      for (const value of values) markup.push(render(use, { ...use.props, [name]: value }))
    for (const name of use.expressions)
      for (const value of domainOf(use.tag, name, colors)) markup.push(render(use, { ...use.props, [name]: value }))
  }
  for (const html of markup) {
    for (const [, list] of html.matchAll(/ class="([^"]*)"/g)) elements.push(list!.split(' '))
    for (const [, color] of html.matchAll(/ data-accent-color="([^"]+)"/g)) colors.add(color!)
  }
  const distinct = new Map(elements.map((list) => [[...new Set(list)].sort().join(' '), [...new Set(list)]]))
  const texts = [...sourceText(appDir), ...markup]
  const settings = new Map<string, Set<string>>()
  for (const [, name, value] of texts.flatMap((text) => [...text.matchAll(/\b(data-[a-z-]+)="([^"]*)"/g)]))
    settings.set(name!, (settings.get(name!) ?? new Set()).add(value!))
  return {
    elements: [...distinct.values()],
    classes: new Set(elements.flat()),
    colors,
    attributes: new Set(texts.flatMap((text) => text.match(/\bdata-[a-z-]+/g) ?? [])),
    settings,
    properties: new Set(texts.flatMap(propertiesRead)),
  }
}
