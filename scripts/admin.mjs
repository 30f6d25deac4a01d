// `npm run admin -- …` (scripts/admin.ts). In a checkout with the development dependencies it runs the source, so
// the command always knows the code's own migrations; a production install (`npm prune --omit=dev`, no tsx) runs
// the bundle `npm run build` made, which needs the production dependencies only.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const built = path.join(root, 'build', 'admin.js')
const source = path.join(root, 'scripts', 'admin.ts')

function hasTsx() {
  try {
    createRequire(import.meta.url).resolve('tsx')
    return true
  } catch {
    return false
  }
}

const entry = existsSync(source) && hasTsx() ? ['--import', 'tsx', source] : existsSync(built) ? [built] : []
if (entry.length === 0) {
  console.error('The admin command is not built yet: run `npm run build` first, then this command again.')
  process.exit(1)
}
const child = spawnSync(process.execPath, [...entry, ...process.argv.slice(2)], { stdio: 'inherit' })
process.exit(child.status ?? 1)
