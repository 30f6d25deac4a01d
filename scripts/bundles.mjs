// The server and the operator's admin command as bundles: our code inlined, packages left to node_modules. A bundle
// may import production dependencies only, since a production install drops the rest (`npm prune --omit=dev`).
import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { build } from 'esbuild'

export const BUNDLES = { 'build/server.js': 'server.ts', 'build/admin.js': 'scripts/admin.ts' }

/** A bare import's package name (`@scope/name` or `name`). */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/** The packages `metafile`'s outputs import that are not production dependencies, each with the output that does. */
export function devOnlyImports(metafile, dependencies) {
  const found = []
  for (const [output, { imports }] of Object.entries(metafile.outputs)) {
    for (const { path: specifier, external } of imports) {
      if (!external || specifier.startsWith('.') || specifier.startsWith('node:')) continue
      const name = packageOf(specifier)
      if (builtinModules.includes(name) || name in dependencies) continue
      found.push(`${output} imports ${name}`)
    }
  }
  return found
}

export async function bundle({ write = true } = {}) {
  const result = await build({
    entryPoints: Object.entries(BUNDLES).map(([out, source]) => ({ in: source, out: out.replace(/\.js$/, '') })),
    outdir: '.',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: write,
    write,
    metafile: true,
    logLevel: 'warning',
    // The Remix build is loaded at run time, not bundled.
    external: ['./build/index.js'],
  })
  const { dependencies } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  return { metafile: result.metafile, devOnly: devOnlyImports(result.metafile, dependencies) }
}
