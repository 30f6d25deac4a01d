// Two builds of the portal's stylesheet compared rule by rule (record 0025): what a Radix Themes upgrade, or a change
// of what the portal renders, took out of public/styles/portal-*.css and what it added.
// npx tsx scripts/styles/compare-sheets.ts before.css after.css
import fs from 'node:fs'
import postcss, { type Node } from 'postcss'

/** Each rule as one line, under the at-rules around it: `@media (min-width: 768px) .a{display:grid}`. */
export function rulesOf(css: string): Set<string> {
  const rules = new Set<string>()
  postcss.parse(css).walkRules((rule) => {
    const context: string[] = []
    for (let parent: Node | undefined = rule.parent as Node | undefined; parent; parent = parent.parent as Node)
      if (parent.type === 'atrule')
        context.unshift(`@${(parent as postcss.AtRule).name} ${(parent as postcss.AtRule).params}`)
    const body = rule.nodes.map((node) => node.toString()).join(';')
    rules.add([...context, `${rule.selector}{${body}}`].join(' '))
  })
  return rules
}

export function compareSheets(before: string, after: string) {
  const [was, is] = [rulesOf(before), rulesOf(after)]
  return { gone: [...was].filter((rule) => !is.has(rule)), added: [...is].filter((rule) => !was.has(rule)) }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [before, after] = process.argv.slice(2)
  if (!before || !after) throw new Error('Usage: compare-sheets.ts before.css after.css')
  const { gone, added } = compareSheets(fs.readFileSync(before, 'utf8'), fs.readFileSync(after, 'utf8'))
  for (const rule of gone) console.log(`- ${rule}`)
  for (const rule of added) console.log(`+ ${rule}`)
  console.log(`${gone.length} rules gone, ${added.length} added`)
  process.exitCode = gone.length > 0 ? 1 : 0
}
