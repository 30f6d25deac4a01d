// The build's script check counts what a page loads as the bench does: every module imported once, a dialog's chunk
// only when it is opened, and a page past its budget named.
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { DIALOG_BUDGET, PAGE_BUDGETS, budgetLines, pageBytes } from './script-budget.mjs'

/** A build of files whose bodies are `size` bytes that gzip hardly shrinks, and the imports written. */
function build(files: Record<string, { size: number; imports?: string[]; dynamic?: string[] }>) {
  let seed = 1
  const noise = (size: number) =>
    Array.from({ length: size }, () => String.fromCharCode(33 + ((seed = (seed * 48271) % 2147483647) % 90))).join('')
  const bodies = Object.fromEntries(
    Object.entries(files).map(([url, { size, imports = [], dynamic = [] }]) => {
      const code = [...imports.map((i) => `import"${i}";`), ...dynamic.map((d) => `import("${d}");`)].join('')
      return [url, Buffer.from(`${code}/*${noise(size)}*/`)]
    }),
  )
  const read = (url: string) => {
    const body = bodies[url]
    if (!body) throw new Error(`no such file: ${url}`)
    return body
  }
  return { read, gz: (url: string) => zlib.gzipSync(read(url)).length }
}

const route = (module: string, imports: string[] = []) => ({ module, imports })
const manifest = {
  entry: route('/build/entry.client-A1.js', ['/build/_shared/react-B2.js']),
  routes: {
    root: route('/build/root-C3.js'),
    ...Object.fromEntries(Object.keys(PAGE_BUDGETS).map((id) => [id, route(`/build/${id}-D4.js`)])),
  },
}

describe('the script budget check', () => {
  it('counts each module once, following static imports and only the opened dialog', () => {
    const { read, gz } = build({
      '/build/entry.client-A1.js': { size: 100, imports: ['./_shared/react-B2.js'] },
      '/build/_shared/react-B2.js': { size: 5000 },
      '/build/root-C3.js': { size: 300, imports: ['/build/_shared/react-B2.js', './_shared/zod-E5.js'] },
      '/build/_shared/zod-E5.js': { size: 2000 },
      '/build/routes/manage-D4.js': {
        size: 800,
        imports: ['../_shared/zod-E5.js'],
        dynamic: ['../_shared/dialogs-F6.js'],
      },
      '/build/_shared/dialogs-F6.js': { size: 200, dynamic: ['./bulk-assign-dialog-G7.js', './receipt-dialog-H8.js'] },
      '/build/_shared/bulk-assign-dialog-G7.js': { size: 400 },
      '/build/_shared/receipt-dialog-H8.js': { size: 60000 },
      ...Object.fromEntries(
        Object.keys(PAGE_BUDGETS)
          .filter((id) => id !== 'routes/manage')
          .map((id) => [`/build/${id}-D4.js`, { size: 100 }]),
      ),
    })
    const page = ['entry.client-A1', '_shared/react-B2', 'root-C3', '_shared/zod-E5', 'routes/manage-D4']
    const pageTotal = page.reduce((sum, name) => sum + gz(`/build/${name}.js`), 0)

    expect(pageBytes(read, manifest, 'routes/manage').bytes).toBe(pageTotal)
    const opened = pageBytes(read, manifest, 'routes/manage', ['dialogs', 'bulk-assign-dialog'])
    expect(opened.bytes).toBe(
      pageTotal + gz('/build/_shared/dialogs-F6.js') + gz('/build/_shared/bulk-assign-dialog-G7.js'),
    )
    expect(opened.urls).not.toContain('/build/_shared/receipt-dialog-H8.js')

    const lines = budgetLines(read, manifest)
    expect(lines.filter((line) => line.over).map((line) => line.page)).toEqual([
      'routes/manage with receipt-dialog opened (added)',
    ])
    expect(lines.find((line) => line.page.includes('receipt-dialog'))?.budget).toBe(DIALOG_BUDGET)
  })
})
