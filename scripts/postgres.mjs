// A throwaway PostgreSQL server (Debian's `postgresql`, installed when missing) in a temporary folder on a free port.
// initdb refuses root, so as root the cluster belongs to the package's `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/** Answers its connection string (database and user `postgres`, no password) and `stop`. */
export async function startPostgres() {
  const bin = postgresBin() ?? installPostgres()
  const root = process.getuid?.() === 0
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-postgres-'))
  const data = path.join(dir, 'data')
  const port = await freePort()
  const asOwner = (file, args) => (root ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args])
  let started = false
  const stop = () => {
    if (started) {
      const [file, args] = asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'])
      spawnSync(file, args, { stdio: 'ignore' })
      started = false
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  try {
    if (root) execFileSync('chown', ['-R', 'postgres:postgres', dir])
    const [initdb, initArgs] = asOwner(path.join(bin, 'initdb'), [
      ...['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-instructions'],
    ])
    execFileSync(initdb, initArgs, { stdio: 'ignore' })
    // For tests: durability traded for speed, connections enough for several test processes and instances.
    const options = [
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      '-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300',
    ].join(' ')
    const log = path.join(dir, 'log')
    const [pgCtl, ctlArgs] = asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', log, '-w', 'start'])
    execFileSync(pgCtl, ctlArgs, { stdio: 'ignore' })
    started = true
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version: path.basename(path.dirname(bin)), stop }
  } catch (error) {
    const log = path.join(dir, 'log')
    const detail = fs.existsSync(log) ? `\n${fs.readFileSync(log, 'utf8')}` : ''
    stop()
    throw new Error(`PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}${detail}`)
  }
}

/** Debian keeps them in /usr/lib/postgresql/<major>/bin. */
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
  console.log('[postgres] installing Debian postgresql')
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
