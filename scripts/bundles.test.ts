// The bundles a production install runs (`npm start`, `npm run admin` after `npm prune --omit=dev`) need nothing the
// prune removes.
import { describe, expect, it } from 'vitest'
import { bundle, devOnlyImports } from './bundles.mjs'

describe('the server and admin bundles', () => {
  it('import production dependencies only', async () => {
    const { metafile, devOnly } = await bundle({ write: false })
    expect(Object.keys(metafile.outputs)).toEqual(expect.arrayContaining(['build/server.js', 'build/admin.js']))
    expect(devOnly).toEqual([])
  }, 60_000)

  it('name a bundle that imports a development dependency', () => {
    const metafile = {
      outputs: {
        'build/admin.js': {
          imports: [
            { path: 'node:fs', external: true },
            { path: 'kysely', external: true },
            { path: '@remix-run/dev/server-build', external: true },
            { path: 'tsx', external: true },
          ],
        },
      },
    }
    expect(devOnlyImports(metafile, { kysely: '1' })).toEqual([
      'build/admin.js imports @remix-run/dev',
      'build/admin.js imports tsx',
    ])
  })
})
