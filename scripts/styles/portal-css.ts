// The portal's stylesheets, built from Radix Themes' split sheets (in the order of its own styles.css) and ours, cut
// to what the portal renders: `full` is every rule of both themes, loaded without blocking and cached; `firstPaint`
// is the part a page of one theme needs to paint, written into the page itself.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { transformSync } from 'esbuild'
import postcss, { type Root } from 'postcss'
import selectorParser from 'postcss-selector-parser'
import { prune, removeEmpty, removeUnusedCustomProperties, removeUnusedKeyframes } from './prune'
import { propertiesRead, type Rendered } from './rendered-classes'

export type Theme = 'light' | 'dark'
export type PortalCss = { full: string; firstPaint: Record<Theme, string> }

const themesDir = path.dirname(createRequire(import.meta.url).resolve('@radix-ui/themes/package.json'))

/** In Radix's order; the colour scales are the accent colours used and those the portal reads (`var(--cyan-9)`). */
function radixSheets(rendered: Rendered, appCss: string): string[] {
  const grays = [...(rendered.settings.get('data-gray-color') ?? [])]
  const read = [...rendered.properties, ...propertiesRead(appCss)].map((property) => property.split('-')[2]!)
  const colors = [...new Set([...rendered.colors, ...read])]
    .filter((color) => color !== 'gray' && !grays.includes(color) && fs.existsSync(path.join(themesDir, scale(color))))
    .sort()
  return [
    'tokens/colors/gray.css',
    ...grays.map(scale),
    ...colors.map(scale),
    'tokens/base.css',
    'components.css',
    'utilities.css',
  ].map((file) => path.join(themesDir, file))
}

const scale = (color: string) => `tokens/colors/${color}.css`

const otherTheme = (theme: Theme): Theme => (theme === 'light' ? 'dark' : 'light')

function asksFor(theme: Theme) {
  const names = new Set([theme, `${theme}-theme`])
  return (selector: string) => {
    let found = false
    selectorParser((root) => {
      root.walk((node) => {
        if (node.type === 'pseudo' && node.value === ':not') return false
        if (node.type === 'class' && names.has(node.value)) found = true
        return undefined
      })
    }).processSync(selector)
    return found
  }
}

/** A page of `theme` paints without the other theme's tokens and without the wide-gamut (P3) refinements. */
function firstPaintOf(full: Root, theme: Theme, read: Iterable<string>): Root {
  const root = full.clone()
  const other = asksFor(otherTheme(theme))
  root.walkAtRules('supports', (rule) => {
    if (rule.params.includes('display-p3')) rule.remove()
  })
  // The light tokens are written `:root, .light, .light-theme`: with `.light`, a dark page drops their `:root` too.
  root.walkRules((rule) => {
    if (!rule.selectors.some(other)) return
    const kept = rule.selectors.filter((selector) => !other(selector) && selector !== ':root')
    if (kept.length === 0) rule.remove()
    else rule.selectors = kept
  })
  removeEmpty(root)
  removeUnusedKeyframes(root)
  removeUnusedCustomProperties(root, read)
  return root
}

const minify = (css: string) => transformSync(css, { loader: 'css', minify: true }).code

/** Radix's sheets cut to `rendered`, followed by the portal's own `appCss` (so its rules win). */
export function portalCss(rendered: Rendered, appCss: string): PortalCss {
  const full = postcss.root()
  const read = [...rendered.properties, ...propertiesRead(appCss)]
  for (const file of radixSheets(rendered, appCss))
    full.append(prune(postcss.parse(fs.readFileSync(file, 'utf8')), rendered).nodes)
  full.append(postcss.parse(appCss).nodes)
  removeUnusedKeyframes(full)
  removeUnusedCustomProperties(full, read)
  return {
    full: minify(full.toString()),
    firstPaint: {
      light: minify(firstPaintOf(full, 'light', read).toString()),
      dark: minify(firstPaintOf(full, 'dark', read).toString()),
    },
  }
}
