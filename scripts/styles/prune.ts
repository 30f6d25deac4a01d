// Radix Themes' split sheets cut (PostCSS) to what the portal can render: classes, `data-` attributes, accent colours
// and theme settings it writes. Any other state (`:hover`, `[data-state]`) never removes a rule.
import postcss, { type Root } from 'postcss'
import selectorParser from 'postcss-selector-parser'
import { propertiesRead, type Rendered } from './rendered-classes'

/** Radix's theme settings: the root writes one value of each. */
export const THEME_SETTINGS = ['data-gray-color', 'data-radius', 'data-scaling', 'data-panel-background']

type Node = selectorParser.Node
type Selector = selectorParser.Selector

class Elements {
  private readonly byClass = new Map<string, Set<string>[]>()
  private readonly all: Set<string>[]
  constructor(readonly rendered: Rendered) {
    this.all = rendered.elements.map((list) => new Set(list))
    for (const element of this.all)
      for (const name of element) this.byClass.set(name, [...(this.byClass.get(name) ?? []), element])
  }

  /** Whether a selector (one of a rule's, or one inside `:has()`) can match the portal's markup. */
  selector(selector: Selector): boolean {
    const compounds: Node[][] = [[]]
    for (const node of selector.nodes)
      if (node.type === 'combinator') compounds.push([])
      else compounds.at(-1)!.push(node)
    return compounds.every((compound) => this.compound(compound))
  }

  private compound(nodes: Node[]): boolean {
    if (!nodes.every((node) => this.anywhere(node))) return false
    const first = nodes.find((node) => node.type === 'class')
    const candidates = first ? (this.byClass.get(first.value!) ?? []) : this.all
    return candidates.some((element) => nodes.every((node) => this.on(node, element)))
  }

  /** What does not depend on the element: the accent colours used, the root's theme settings, `:has()`. */
  private anywhere(node: Node): boolean {
    if (node.type === 'attribute' && node.value !== undefined) {
      if (node.attribute === 'data-accent-color' && node.value !== '' && !this.rendered.colors.has(node.value))
        return false
      const written = this.rendered.settings.get(node.attribute)
      if (THEME_SETTINGS.includes(node.attribute) && !written?.has(node.value)) return false
    }
    if (
      node.type === 'attribute' &&
      node.attribute.startsWith('data-') &&
      !this.rendered.attributes.has(node.attribute)
    )
      return false
    if (node.type === 'pseudo' && node.value === ':has') return node.nodes.some((inner) => this.selector(inner))
    return true
  }

  /** Whether one element can carry this part of a compound; `:where()` and `:is()` are alternatives. */
  private on(node: Node, element: Set<string>): boolean {
    if (node.type === 'class') return element.has(node.value)
    if (node.type !== 'pseudo' || (node.value !== ':where' && node.value !== ':is')) return true
    return node.nodes.some((inner) =>
      inner.nodes.some((part) => part.type === 'combinator')
        ? this.selector(inner)
        : inner.nodes.every((part) => this.anywhere(part) && this.on(part, element)),
    )
  }
}

/** Whether one selector (no commas) can match the portal's markup; what a `:not()` asks for never rules it out. */
function canMatch(selector: string, elements: Elements): boolean {
  let matches = true
  selectorParser((root) => {
    root.walkPseudos((pseudo) => {
      if (pseudo.value === ':not') pseudo.remove()
    })
    matches = root.nodes.every((inner) => elements.selector(inner))
  }).processSync(selector)
  return matches
}

export function prune(root: Root, rendered: Rendered): Root {
  const elements = new Elements(rendered)
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return
    const kept = rule.selectors.filter((selector) => canMatch(selector, elements))
    if (kept.length === 0) rule.remove()
    else rule.selectors = kept
  })
  removeEmpty(root)
  return root
}

/** A custom property stays when a kept rule or the portal's own source (`read`) reads it, or through another. */
export function removeUnusedCustomProperties(root: Root, read: Iterable<string>) {
  const needed = new Set(read)
  const uses = new Map<string, string[]>()
  root.walkDecls((declaration) => {
    const refs = propertiesRead(declaration.value)
    if (!declaration.prop.startsWith('--')) for (const ref of refs) needed.add(ref)
    else uses.set(declaration.prop, [...(uses.get(declaration.prop) ?? []), ...refs])
  })
  for (const property of needed) for (const ref of uses.get(property) ?? []) needed.add(ref)
  root.walkDecls(/^--/, (declaration) => {
    if (!needed.has(declaration.prop)) declaration.remove()
  })
  removeEmpty(root)
}

export function removeUnusedKeyframes(root: Root) {
  const named = new Set<string>()
  root.walkDecls(/^animation(-name)?$/, (declaration) => {
    for (const word of declaration.value.split(/[\s,]+/)) named.add(word)
  })
  root.walkAtRules(/keyframes$/, (rule) => {
    if (!named.has(rule.params)) rule.remove()
  })
}

export function removeEmpty(root: Root) {
  let removed = true
  while (removed) {
    removed = false
    root.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && node.nodes !== undefined && node.nodes.length === 0) {
        node.remove()
        removed = true
      }
    })
  }
}
