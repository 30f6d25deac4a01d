import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DOCUMENTS, documentWithTable } from '../scripts/variables-table.js'
import { CONFIG_VARIABLES } from './config.js'
import { VARIABLE_ROWS } from './variables.js'

describe('the variables table of README.md and docs/deployment.md', () => {
  it('names every variable the configuration reads, once, and no other', () => {
    const named = VARIABLE_ROWS.flatMap((row) => row.names)
    expect([...named].sort()).toEqual([...CONFIG_VARIABLES].sort())
  })

  it.each(DOCUMENTS)('is in %s as config/variables.ts writes it (else run npm run docs:variables)', async (file) => {
    expect(fs.readFileSync(file, 'utf8')).toBe(await documentWithTable(file))
  })
})
