// Bundles server.ts (and the embedded licensing service it wires) into build/server.js, and the operator's admin
// command into build/admin.js (scripts/bundles.mjs).
import { bundle, BUNDLES } from './bundles.mjs'

const { devOnly } = await bundle()
if (devOnly.length > 0) {
  console.error(`A bundle needs a development dependency, which a production install lacks:\n  ${devOnly.join('\n  ')}`)
  process.exit(1)
}
console.log(`built ${Object.keys(BUNDLES).join(', ')}`)
