#!/usr/bin/env node
// On Node 24 (from the npm registry, kept in `.cache/node24/`): the test files where Node lines differ and the built
// server's start, or vitest with the arguments given (docs/decisions/0021).
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')
const cache = path.join(root, '.cache', 'node24')

// An addon built against Node 24.19+ headers aborts when a statement is garbage-collected (nodejs/node#65446).
const nodeDir = fetchNode('24')
const headersDir = fetchNode('24.18', 'package/include')
const node = path.join(nodeDir, 'bin', 'node')
const addon = buildAddon()
console.log(
  `[node24] ${execFileSync(node, ['--version']).toString().trim()}, better-sqlite3 from ${path.relative(root, addon)}`,
)

// The preload hands Node 24 the addon built for it wherever better-sqlite3 loads its own (also in vitest's workers).
const preload = pathToFileURL(path.join(root, 'scripts', 'node24-addon.mjs')).href
const env = {
  ...process.env,
  PATH: `${path.join(nodeDir, 'bin')}${path.delimiter}${process.env.PATH}`,
  NODE24_BETTER_SQLITE3: addon,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim(),
}

/** The files whose behaviour can differ between Node lines, and what of Node each one exercises. */
const NODE24_FILES = [
  // the native addon: opening, migrating, seeding, transactions and several processes on one file
  'service/db/database.test.ts',
  'demo/seed.test.ts',
  'demo/seed-contents.test.ts',
  'demo/seed-conventions.test.ts',
  'service/db/transaction.test.ts',
  'demo/seed-start.test.ts',
  // crypto: signed links and sessions, token hashes, webhook and Paddle signatures, Ed25519 offline keys
  'service/identity/sign-in.test.ts',
  'service/auth/access-tokens.test.ts',
  'service/webhooks/webhooks.test.ts',
  'service/payments/signature.test.ts',
  'service/offline-keys/offline-keys.test.ts',
  'tests/routes/secret-walk.test.ts',
  // fetch, HTTP, DNS and streams: the licensing client and its retries, msw at the socket, OpenID discovery, the
  // addresses a webhook may not reach, SMTP, CSV
  'tests/routes/licensing-client.test.ts',
  'tests/routes/licensing-retries.test.ts',
  'service/payments/paddle.test.ts',
  'service/company-sign-in/oidc.test.ts',
  'service/webhooks/addresses.test.ts',
  'service/mail/mailer.test.ts',
  'service/dispatch/http.test.ts',
  'tests/api/rest-v1.test.ts',
  'tests/routes/seats-csv.test.ts',
  'tests/routes/activity-csv.test.ts',
  'app/utils/csv.server.test.ts',
]
// The server start: Playwright's `server` project starts build/server.js with the Node that runs it.
const SERVER_START = [
  'tests/e2e/production-start.spec.ts',
  '--project=server',
  '--grep',
  'a complete production configuration',
]

const args = process.argv.slice(2)
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs')
let code = await run([vitest, 'run', ...(args.length > 0 ? args : NODE24_FILES)])
if (code === 0 && args.length === 0) {
  if (!existsSync(path.join(root, 'build', 'server.js'))) {
    console.error('[node24] build/server.js is missing: run `npm run build` first.')
    process.exit(1)
  }
  code = await run([path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', ...SERVER_START], {
    E2E_WORKERS: '1',
  })
}
process.exit(code)

function run(commandArgs, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(node, commandArgs, { cwd: root, env: { ...env, ...extraEnv }, stdio: 'inherit' })
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)))
  })
}

/** The registry's Node for this machine (the package the `node` package installs), newest in `range`, kept once fetched. */
function fetchNode(range, part = 'package') {
  const dir = path.join(cache, `node@${range}`)
  if (existsSync(path.join(dir, 'done'))) return dir
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const spec = `node-${process.platform}-${process.arch}@${range}`
  console.log(`[node24] npm pack ${spec}`)
  const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', spec, '--json'], { cwd: cache }).toString())
  execFileSync('tar', ['xzf', path.join(cache, filename), '-C', dir, '--strip-components=1', part])
  rmSync(path.join(cache, filename))
  writeFileSync(path.join(dir, 'done'), '')
  return dir
}

/** better-sqlite3 as installed, compiled against Node 24.18's headers (node-gyp `--nodedir`: no header download). */
function buildAddon() {
  const source = path.join(root, 'node_modules', 'better-sqlite3')
  const { version } = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8'))
  const headers = readFileSync(path.join(headersDir, 'include', 'node', 'node_version.h'), 'utf8')
  const [, major, minor, patch] = headers.match(
    /NODE_MAJOR_VERSION (\d+)\s+#define NODE_MINOR_VERSION (\d+)\s+#define NODE_PATCH_VERSION (\d+)/,
  )
  const dir = path.join(cache, `better-sqlite3-${version}-node-v${major}.${minor}.${patch}-headers`)
  const built = path.join(dir, 'build', 'Release', 'better_sqlite3.node')
  if (existsSync(built)) return built
  rmSync(dir, { recursive: true, force: true })
  cpSync(source, dir, { recursive: true, filter: (file) => path.relative(source, file).split(path.sep)[0] !== 'build' })
  const nodeGyp =
    process.env.npm_config_node_gyp ??
    path.join(
      path.dirname(process.execPath),
      '..',
      'lib',
      'node_modules',
      'npm',
      'node_modules',
      'node-gyp',
      'bin',
      'node-gyp.js',
    )
  console.log(`[node24] building better-sqlite3 ${version} against the headers of Node ${major}.${minor}.${patch}`)
  const args = [nodeGyp, 'rebuild', '--release', `--nodedir=${headersDir}`, '--jobs=2']
  try {
    // Under `npm run`, npm's own settings (such as a `nodedir` of the machine's Node) would win over the arguments.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)))
    execFileSync(node, args, { cwd: dir, env, stdio: 'pipe', maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    process.stderr.write(`${error.stdout}${error.stderr}`)
    throw error
  }
  return built
}
