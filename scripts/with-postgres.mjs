#!/usr/bin/env node
// `node scripts/with-postgres.mjs <command> [args…]`: with TEST_DATABASE_URL set, just runs; else against a throwaway
// server (scripts/postgres.mjs) removed afterwards, whatever the outcome.
import { spawn } from 'node:child_process'
import { startPostgres } from './postgres.mjs'

const command = process.argv.slice(2)
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args…]')
  process.exit(2)
}

if (process.env.TEST_DATABASE_URL) process.exit(await run(command, process.env))

let server
try {
  server = await startPostgres()
} catch (error) {
  console.error(`[with-postgres] ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.stop()
    process.exit(130)
  })
}
console.log(`[with-postgres] PostgreSQL ${server.version} on ${new URL(server.url).host} (removed afterwards)`)
// The portal's own store (sessions, OAuth requests) follows DATABASE_URL; the service's tests make a database each.
const code = await run(command, { ...process.env, TEST_DATABASE_URL: server.url, DATABASE_URL: server.url })
server.stop()
process.exit(code)

function run([file, ...args], env) {
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: 'inherit', env })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}
