// Vitest setup: notes whether a test file issues SQL (SQLite through better-sqlite3, PostgreSQL through pg) and fails
// the file when it does but does not run on PostgreSQL as well (./sql-files.ts). `SQL_FILES_REPORT=<file>` appends
// each file's finding to <file>, to review the list.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, expect } from 'vitest'
import { runsOnPostgres } from './sql-files.js'

const require = createRequire(import.meta.url)
let issuedSql = false

/** Wraps the methods `names` of `prototype` so that a call notes that the file issued SQL. */
function noteCalls(prototype: Record<string, unknown>, names: string[]) {
  for (const name of names) {
    const original = prototype[name]
    if (typeof original !== 'function') throw new Error(`${name} is not a method to watch`)
    prototype[name] = function (this: unknown, ...args: unknown[]) {
      issuedSql = true
      return original.apply(this, args)
    }
  }
}

noteCalls(require('better-sqlite3').prototype, ['prepare', 'exec'])
noteCalls(require('pg').Client.prototype, ['query'])

afterAll(() => {
  const testPath = expect.getState().testPath
  if (!testPath) return
  const file = path.relative(process.cwd(), testPath).split(path.sep).join('/')
  if (process.env.SQL_FILES_REPORT)
    fs.appendFileSync(process.env.SQL_FILES_REPORT, `${issuedSql ? 'sql' : 'none'}\t${file}\n`)
  if (issuedSql && !runsOnPostgres(file)) {
    throw new Error(`${file} issues SQL: it must run on PostgreSQL too (tests/support/sql-files.ts).`)
  }
})
