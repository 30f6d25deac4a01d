#!/usr/bin/env node
// `npm run validate`: every check CI runs, stopping at the first that fails, then (also after a failure) each step's
// time, so a step that grows slower is seen the day it does. `npm test` (`--quick`): the steps marked quick.
import { spawn } from 'node:child_process'

/** Steps in order; a step of several commands runs them side by side (each is single-threaded). */
const STEPS = [
  { name: 'typecheck and lint', commands: ['npm run typecheck', 'npm run lint'], quick: true },
  { name: 'build', commands: ['npm run build'] },
  { name: 'unit and route tests (SQLite, this Node)', commands: ['npm run test:unit'], quick: true },
  { name: 'Node 24: native, crypto, fetch and the server start', commands: ['npm run test:node24'] },
  { name: 'PostgreSQL: the test files that issue SQL', commands: ['npm run test:pg'] },
  { name: 'browser tests', commands: ['npm run test:e2e'] },
]
const quick = process.argv.includes('--quick')

const started = Date.now()
const timings = []
let failed = null
for (const step of STEPS.filter((s) => s.quick || !quick)) {
  const stepStarted = Date.now()
  console.log(`\n==> [validate] ${step.name}`)
  const codes = await Promise.all(step.commands.map(run))
  timings.push([step.name, Date.now() - stepStarted])
  if (codes.some((code) => code !== 0)) {
    failed = step.name
    break
  }
}
timings.push(['total', Date.now() - started])

const width = Math.max(...timings.map(([name]) => name.length))
console.log('\n==> [validate] time per step')
for (const [name, ms] of timings) console.log(`  ${name.padEnd(width)}  ${minutes(ms)}`)
if (failed) {
  console.log(`==> [validate] FAILED: ${failed}`)
  process.exit(1)
}
console.log('==> [validate] all checks passed')

function run(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'inherit', 'inherit'] })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

function minutes(ms) {
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`
}
