// `npm run docs:variables`: writes the variables' table (config/variables.ts) into README.md and docs/deployment.md.
import fs from 'node:fs'
import { pathToFileURL } from 'node:url'
import * as prettier from 'prettier'
import { variablesTable, withTable } from '../config/variables.js'

export const DOCUMENTS = ['README.md', 'docs/deployment.md']

/** The document as it should be: its table written afresh, the whole laid out as `prettier --write` would. */
export async function documentWithTable(file: string): Promise<string> {
  const text = fs.readFileSync(file, 'utf8')
  const written = withTable(text, variablesTable())
  if (written === null) throw new Error(`${file} has no variables table markers (config/variables.ts names them).`)
  const options = await prettier.resolveConfig(file)
  return prettier.format(written, { ...options, filepath: file })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const file of DOCUMENTS) {
    const next = await documentWithTable(file)
    const changed = next !== fs.readFileSync(file, 'utf8')
    if (changed) fs.writeFileSync(file, next)
    console.log(`${file}: ${changed ? 'table written' : 'unchanged'}`)
  }
}
