#!/usr/bin/env node
// Runs a command with a PostgreSQL server of its own: `node scripts/with-postgres.mjs <command> [args…]`.
//
// With TEST_DATABASE_URL already set, the command just runs against that server. Otherwise Debian's `postgresql`
// package is installed when missing (as the browser tests install Chromium), a fresh cluster is made in a temporary
// folder and started on a free local port, the command runs with TEST_DATABASE_URL (and DATABASE_URL) pointing at it, and the cluster and
// its folder are removed afterwards, whatever the command's outcome. initdb refuses to run as root: as root, the
// cluster belongs to the `postgres` user the package creates.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const command = process.argv.slice(2)
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args…]')
  process.exit(2)
}

if (process.env.TEST_DATABASE_URL) process.exit(await run(command, process.env))

const bin = postgresBin() ?? installPostgres()
const root = process.getuid?.() === 0
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-postgres-'))
const data = path.join(dir, 'data')
const port = await freePort()
const asOwner = (file, args) =>
  root ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args]

let started = false
const stop = () => {
  if (started) {
    const [file, args] = asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'])
    spawnSync(file, args, { stdio: 'ignore' })
    started = false
  }
  fs.rmSync(dir, { recursive: true, force: true })
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stop()
    process.exit(130)
  })
}

try {
  if (root) execFileSync('chown', ['-R', 'postgres:postgres', dir])
  const [initdb, initArgs] = asOwner(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-instructions',
  ])
  execFileSync(initdb, initArgs, { stdio: 'ignore' })
  // A throwaway server for tests: durability traded for speed, connections enough for several test processes.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`
  const [pgCtl, ctlArgs] = asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'])
  execFileSync(pgCtl, ctlArgs, { stdio: 'ignore' })
  started = true
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  console.log(`[with-postgres] PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port} (removed afterwards)`)
  // The portal's own store (sessions, OAuth requests) follows DATABASE_URL; the service's tests make a database each.
  const code = await run(command, { ...process.env, TEST_DATABASE_URL: url, DATABASE_URL: url })
  stop()
  process.exit(code)
} catch (error) {
  console.error(`[with-postgres] ${error instanceof Error ? error.message : String(error)}`)
  const log = path.join(dir, 'log')
  if (fs.existsSync(log)) console.error(fs.readFileSync(log, 'utf8'))
  stop()
  process.exit(1)
}

function run([file, ...args], env) {
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: 'inherit', env })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

/** The newest installed server's bin folder (Debian keeps them in /usr/lib/postgresql/<major>/bin). */
function postgresBin() {
  const base = '/usr/lib/postgresql'
  if (!fs.existsSync(base)) return null
  const majors = fs
    .readdirSync(base)
    .filter((name) => fs.existsSync(path.join(base, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return majors.length ? path.join(base, majors[0], 'bin') : null
}

function installPostgres() {
  console.log('[with-postgres] installing Debian postgresql')
  const apt = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }
  execFileSync('apt-get', ['update', '-qq'], apt)
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], apt)
  const found = postgresBin()
  if (!found) throw new Error('postgresql was installed but no initdb was found')
  return found
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}
