// Bundles server.ts (and the embedded licensing service it wires) into build/server.js. Packages stay external.
import { build } from 'esbuild'

await build({
  entryPoints: ['server.ts'],
  outfile: 'build/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // The Remix build is loaded at run time, not bundled.
  external: ['./build/index.js'],
})
console.log('built build/server.js')
