// npm run build's first step: Radix Themes' split sheets and app/**/*.css, cut to what the portal renders
// (scripts/styles/), into build/styles.json (each theme's first-paint part, app/styles/shipped-styles.server.tsx) and
// public/styles/portal-HASH.css, served as never changing (server.ts).
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { portalCss } from './styles/portal-css'
import { renderedClasses } from './styles/rendered-classes'

const APP = 'app'

/** The portal's own stylesheets, app/styles/app.css first: what a part adds comes after the frame's. */
export function appStylesheets(appDir = APP): string {
  const files = (fs.readdirSync(appDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.css')).sort()
  const first = path.join('styles', 'app.css')
  return [first, ...files.filter((file) => file !== first)]
    .map((file) => fs.readFileSync(path.join(appDir, file), 'utf8'))
    .join('\n')
}

export function buildStyles() {
  const css = portalCss(renderedClasses(APP), appStylesheets())
  const hash = crypto.createHash('sha256').update(css.full).digest('hex').slice(0, 8).toUpperCase()
  const href = `/styles/portal-${hash}.css`
  fs.rmSync('public/styles', { recursive: true, force: true })
  fs.mkdirSync('public/styles', { recursive: true })
  fs.writeFileSync(path.join('public', href), css.full)
  fs.mkdirSync('build', { recursive: true })
  fs.writeFileSync('build/styles.json', JSON.stringify({ href, firstPaint: css.firstPaint }))
  return { href, css }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { href } = buildStyles()
  console.log(`built ${href} and build/styles.json`)
}
