// Vitest setup: notes whether a test file issues SQL (SQLite through better-sqlite3, PostgreSQL through pg) and fails
// the file when it does but does not run on PostgreSQL as well (./sql-files.ts). `SQL_FILES_REPORT=<file>` appends
// each file's finding to <file>, to review the list.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, expect } from 'vitest'
import { runsOnPostgres } from './sql-files.js'
import { onStatement } from './sql-statements.js'

let issuedSql = false
const stop = onStatement(() => {
  issuedSql = true
})

afterAll(() => {
  stop()
  const testPath = expect.getState().testPath
  if (!testPath) return
  const file = path.relative(process.cwd(), testPath).split(path.sep).join('/')
  if (process.env.SQL_FILES_REPORT)
    fs.appendFileSync(process.env.SQL_FILES_REPORT, `${issuedSql ? 'sql' : 'none'}\t${file}\n`)
  if (issuedSql && !runsOnPostgres(file)) {
    throw new Error(`${file} issues SQL: it must run on PostgreSQL too (tests/support/sql-files.ts).`)
  }
})
