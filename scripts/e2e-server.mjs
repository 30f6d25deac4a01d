#!/usr/bin/env node
// Starts the built portal for the browser tests on a fresh data folder (demo data alone); Playwright starts it and
// stops it with SIGTERM. The folder's path goes to test-results/e2e-data-dir-PORT.txt before listening.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const serverEntry = join(root, 'build', 'server.js')
const port = process.env.E2E_PORT || '3100'
const dataDirFile = join(root, 'test-results', `e2e-data-dir-${port}.txt`)

function log(message) {
  console.log(`[e2e-server] ${message}`)
}

if (!existsSync(serverEntry)) {
  console.error(`[e2e-server] ${serverEntry} does not exist; run \`npm run build\` first.`)
  process.exit(1)
}

const dataDir = mkdtempSync(join(tmpdir(), 'license-portal-e2e-'))
mkdirSync(dirname(dataDirFile), { recursive: true })
writeFileSync(dataDirFile, `${dataDir}\n`)
log(`DATA_DIR=${dataDir} (path written to ${dataDirFile})`)

let cleanedUp = false
function cleanUp() {
  if (cleanedUp) return
  cleanedUp = true
  rmSync(dataDir, { recursive: true, force: true })
  try {
    // Only remove the pointer if it is still ours; a newer run may have replaced it.
    if (readFileSync(dataDirFile, 'utf8').trim() === dataDir) rmSync(dataDirFile, { force: true })
  } catch {
    // already gone
  }
}
process.on('exit', cleanUp)

const env = {
  ...process.env,
  PORT: port,
  DATA_DIR: dataDir,
  // The production build, with the outbox, sign-in stand-ins, demo data and generated secrets.
  NODE_ENV: 'production',
  PUBLIC_URL: `http://localhost:${port}`,
  DEV_TOOLS: '1',
  MAIL_OUTBOX_ONLY: '1',
  SEED_DEMO_DATA: '1',
  PAYMENTS_SANDBOX: '1',
  ALLOW_GENERATED_SECRETS: '1',
  TZ: 'UTC',
  // No network: initials instead of avatars. Every test signs in through one rate-limited form: limits raised.
  AVATAR_SERVICE: 'none',
  // The footer's links to the vendor's pages, as a deployment configures them (never opened by a test).
  FOOTER_ABOUT_URL: 'https://license-portal.test/about/',
  FOOTER_BLOG_URL: 'https://license-portal.test/blog/',
  FOOTER_TERMS_URL: 'https://license-portal.test/terms/',
  FOOTER_PRIVACY_URL: 'https://license-portal.test/privacy/',
  RATE_LIMIT_FORMS: '100000',
  // The suite signs the same people in again and again.
  MAIL_PER_ADDRESS: '100000',
  RATE_LIMIT_API: '100000',
  // The tests' own DNS server listens on the UDP port of the HTTP port's number (tests/support/dns-server.ts).
  DNS_RESOLVER: `127.0.0.1:${port}`,
  // The webhooks spec registers a receiver on this machine (refused in production).
  WEBHOOKS_ALLOW_LOOPBACK: '1',
  // The time-driven jobs would mail reminders and charge subscriptions of the demo data while the tests read them.
  JOBS_INTERVAL_SECONDS: '0',
  // The access log of every request would bury the test report; warnings and errors still show.
  LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
}
// The tests use the embedded service and the outbox, whatever the developer's shell has configured.
delete env.LICENSING_API_URL
delete env.DATABASE_URL
delete env.SMTP_URL
delete env.TRUST_PROXY

log(`starting node build/server.js on port ${port}`)
const server = spawn(process.execPath, [serverEntry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
server.stdout.pipe(process.stdout)
server.stderr.pipe(process.stderr)

let stopping = false
function stop(signal) {
  if (stopping) return
  stopping = true
  log(`${signal} received, stopping the server`)
  if (server.exitCode === null && server.signalCode === null) server.kill(signal)
  // A server that ignores the signal must not keep the test run (or the temp folder) alive.
  setTimeout(() => {
    log('server did not stop within 10 s, killing it')
    server.kill('SIGKILL')
  }, 10_000).unref()
}
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))

server.on('error', (error) => {
  console.error(`[e2e-server] could not start the server: ${error.message}`)
  cleanUp()
  process.exit(1)
})

server.on('exit', (code, signal) => {
  if (!stopping) log(`server exited on its own (${signal ?? `code ${code}`})`)
  cleanUp()
  // Stopping on request is a clean exit; an unexpected exit keeps its failure status.
  process.exit(stopping ? 0 : (code ?? 1))
})
