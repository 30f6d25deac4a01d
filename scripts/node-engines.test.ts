// The README's "Which Node.js" names every package whose declared engines leave Node 20 out, and they are all
// development dependencies: what `npm ci` on Node 20 warns about, and why it does no harm.
import fs from 'node:fs'
import { expect, it } from 'vitest'

type Locked = { dev?: boolean; optional?: boolean; engines?: { node?: string } }

/** Whether an engines range (the forms the lock holds: `>=18`, `^22.12`, `20 || >=22`, `20.x`) admits Node 20. */
function admits20(range: string): boolean {
  return range.split('||').some((alternative) => {
    const text = alternative.trim()
    const major = Number(/\d+/.exec(text)?.[0] ?? 0)
    return text === '*' || (text.startsWith('>') ? major <= 20 : major === 20)
  })
}

it('names in the README each package npm ci warns about on Node 20, all of them development dependencies', () => {
  const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, Locked> }
  const readme = fs.readFileSync('README.md', 'utf8')
  const section = readme.slice(readme.indexOf('## Which Node.js'), readme.indexOf('## Signing in'))
  const above20 = Object.entries(lock.packages)
    // Optional packages (another platform's binaries) are skipped by npm, not warned about.
    .filter(([, p]) => !p.optional && p.engines?.node !== undefined && !admits20(p.engines.node))
    .map(([where, p]) => ({ name: where.slice(where.lastIndexOf('node_modules/') + 13), dev: p.dev === true }))
  expect(above20.length).toBeGreaterThan(0)
  for (const { name, dev } of above20) {
    expect(section, name).toContain(`\`${name}\``)
    expect(dev, `${name} is a development dependency`).toBe(true)
  }
})
