// docs/contributing.md is the newcomer's map: every path it names exists, and every folder of the service and of the
// Manage page's capabilities is on it.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const text = readFileSync(join(root, 'docs/contributing.md'), 'utf8')
const named = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1])

// Placeholders, globs and examples name no file; URLs and package names are not paths.
const PATH = /^[\w.$()[\]-]+(\/[\w.$()[\]-]+)*\/?$/
const EXAMPLES = new Set(['x.ts', 'x.test.ts'])
/** Short names the page uses for `app/routes/__manage/…`, `app/routes/__shop/…` and the page's own folder. */
const BASES = ['', 'app/routes/', 'app/routes/__manage/']

const paths = named.filter((name) => PATH.test(name) && /\/|\.\w+$/.test(name) && !name.startsWith('.'))

function files(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).map((file) => basename(file))
}
const fileNames = new Set([...files('app'), ...files('service'), ...files('protocol'), ...files('tests')])

it('names only paths that exist', () => {
  const missing = paths.filter((path) => {
    if (EXAMPLES.has(path)) return false
    if (!path.includes('/')) return !fileNames.has(path) && !existsSync(join(root, path))
    if (BASES.some((base) => existsSync(join(root, base, path)))) return false
    return !existsSync(join(root, 'node_modules', path.split('/')[0]))
  })
  expect(missing).toEqual([])
})

it('names every folder of the service and every capability of the Manage page', () => {
  const folders = (parent: string) =>
    readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}${entry.name}/`)
  const expected = [...folders('service/'), ...folders('app/routes/__manage/')]
  const isNamed = (folder: string) =>
    BASES.some((base) => folder.startsWith(base) && paths.includes(folder.slice(base.length)))
  expect(expected.filter((folder) => !isNamed(folder))).toEqual([])
})
