// Each page's script against record 0020's budget, read from the browser build: `npm run build` fails when a page
// that ships script grows past it, and says which page and by how much. The bench's JS lines measure the same bytes
// over HTTP; this needs no server, so every build checks it.
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

const KB = 1024
/** Record 0020: a page that acts in the browser without a validated form 100 KB gzip, with one 140. */
export const PAGE_BUDGETS = {
  'routes/confirmEmail.requested': 100 * KB,
  'routes/auth.$provider': 100 * KB,
  'routes/auth.company.continue': 100 * KB,
  'routes/manage_.$': 100 * KB,
  'routes/_index': 140 * KB,
  'routes/shop.$product.buy': 140 * KB,
  'routes/shop.$product.redeem.($coupon)': 140 * KB,
  'routes/manage': 140 * KB,
}
/** Record 0020: a /manage dialog opened adds the registry and its own chunk, at most 25 KB. */
export const DIALOG_BUDGET = 25 * KB
const DIALOG_PAGE = 'routes/manage'
const REGISTRY = 'dialogs'

const staticImports = (text) => [...text.matchAll(/(?:from|import)\s*"([^"]+\.js)"/g)].map((m) => m[1])
const dynamicImports = (text) => [...text.matchAll(/import\(\s*"([^"]+\.js)"\s*\)/g)].map((m) => m[1])
/** `change-email-dialog` of `/build/_shared/change-email-dialog-ABC123.js`. */
const moduleName = (url) => /([^/]+)-[A-Z0-9]+\.js$/.exec(url)?.[1]
const resolve = (from, url) => (url.startsWith('/') ? url : path.posix.join(path.posix.dirname(from), url))

/**
 * The gzip bytes of what a page loads: the entry, the root and the route with every module they import, and with
 * `opened` the on-demand chunks of those names. `read` gives a built file by its URL.
 */
export function pageBytes(read, manifest, routeId, opened = []) {
  const { root } = manifest.routes
  const route = manifest.routes[routeId]
  const queue = [manifest.entry.module, ...manifest.entry.imports, root.module, ...(root.imports ?? [])]
  queue.push(route.module, ...(route.imports ?? []))
  const seen = new Set()
  let total = 0
  for (let url = queue.shift(); url; url = queue.shift()) {
    if (seen.has(url)) continue
    seen.add(url)
    const body = read(url)
    total += zlib.gzipSync(body).length
    const text = body.toString('utf8')
    for (const next of staticImports(text)) queue.push(resolve(url, next))
    for (const next of dynamicImports(text)) if (opened.includes(moduleName(next))) queue.push(resolve(url, next))
  }
  return { bytes: total, urls: [...seen] }
}

/** One line per page with a budget and per /manage dialog; `over` says whether it is past its budget. */
export function budgetLines(read, manifest) {
  const lines = Object.entries(PAGE_BUDGETS).map(([routeId, budget]) => {
    const { bytes } = pageBytes(read, manifest, routeId)
    return { page: routeId, bytes, budget, over: bytes > budget }
  })
  const page = pageBytes(read, manifest, DIALOG_PAGE)
  const registry = pageBytes(read, manifest, DIALOG_PAGE, [REGISTRY]).urls.find((url) => moduleName(url) === REGISTRY)
  const dialogs = registry ? new Set(dynamicImports(read(registry).toString('utf8')).map(moduleName)) : []
  for (const dialog of dialogs) {
    const bytes = pageBytes(read, manifest, DIALOG_PAGE, [REGISTRY, dialog]).bytes - page.bytes
    lines.push({
      page: `${DIALOG_PAGE} with ${dialog} opened (added)`,
      bytes,
      budget: DIALOG_BUDGET,
      over: bytes > DIALOG_BUDGET,
    })
  }
  return lines
}

/** The browser build's manifest (`public/build/manifest-*.js`). */
export function readManifest(publicDir) {
  const name = readdirSync(path.join(publicDir, 'build')).find((file) => /^manifest-.+\.js$/.test(file))
  const text = readFileSync(path.join(publicDir, 'build', name), 'utf8')
  return JSON.parse(text.replace(/^window\.__remixManifest=/, '').replace(/;\s*$/, ''))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const publicDir = fileURLToPath(new URL('../public', import.meta.url))
  const read = (url) => readFileSync(path.join(publicDir, url))
  const lines = budgetLines(read, readManifest(publicDir))
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`
  // The pages, and of the dialogs those past their budget or else the largest.
  const dialogs = lines.filter((line) => line.budget === DIALOG_BUDGET).sort((a, b) => b.bytes - a.bytes)
  const over = dialogs.filter((line) => line.over)
  const shown = [
    ...lines.filter((line) => line.budget !== DIALOG_BUDGET),
    ...(over.length ? over : dialogs.slice(0, 1)),
  ]
  for (const { page, bytes, budget, over } of shown)
    console.log(`${over ? 'OVER' : 'ok  '} ${page}: ${kb(bytes)} gzip (budget ${kb(budget)})`)
  if (lines.some((line) => line.over)) {
    console.error(
      'A page is past its script budget (docs/decisions/0020-script-budget-per-page.md): take something out first.',
    )
    process.exit(1)
  }
}
