#!/usr/bin/env node
// Makes sure the e2e tests' browser is present: Debian's chromium-headless-shell (apt-get when missing; lighter than
// the whole browser) or CHROMIUM_PATH; not Playwright's downloads, so local runs and CI use one browser.
import { spawnSync } from 'node:child_process'
import { accessSync, constants, statSync } from 'node:fs'

const DEBIAN_CHROMIUM = '/usr/lib/chromium/chromium-headless-shell'
const configuredPath = process.env.CHROMIUM_PATH || undefined
const chromiumPath = configuredPath ?? DEBIAN_CHROMIUM

function log(message) {
  console.log(`[ensure-chromium] ${message}`)
}

function fail(message) {
  console.error(`[ensure-chromium] ERROR: ${message}`)
  process.exit(1)
}

function isExecutableFile(path) {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function versionOf(path) {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 })
  const line = (result.stdout ?? '').split('\n').find((text) => /chrom/i.test(text))
  return line?.trim()
}

function run(command, args) {
  log(`$ ${[command, ...args].join(' ')}`)
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (result.error) fail(`could not run ${command}: ${result.error.message}`)
  if (result.status !== 0) {
    fail(`${command} ${args.join(' ')} exited with ${result.signal ?? `code ${result.status}`}`)
  }
}

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

if (isExecutableFile(chromiumPath)) {
  log(`using ${chromiumPath} (${versionOf(chromiumPath) ?? 'version unknown'})`)
  process.exit(0)
}

const notFound = `CHROMIUM_PATH=${configuredPath} does not point to an executable file`
if (configuredPath && isExecutableFile(DEBIAN_CHROMIUM)) {
  // Installing would not help: the tests launch CHROMIUM_PATH.
  fail(`${notFound}; unset CHROMIUM_PATH to use ${DEBIAN_CHROMIUM}, or point it to a Chromium executable.`)
}
log(configuredPath ? `${notFound}, and ${DEBIAN_CHROMIUM} is missing too` : `${DEBIAN_CHROMIUM} is missing`)

const installCommand = 'apt-get update && apt-get install -y chromium-headless-shell'
if (process.platform !== 'linux' || !commandExists('apt-get')) {
  fail(
    `apt-get is not available, so Chromium cannot be installed automatically. Install Chromium yourself and ` +
      `set CHROMIUM_PATH to its executable (for example CHROMIUM_PATH="$(command -v chromium)").`,
  )
}
if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
  fail(`installing Chromium needs root. Run: sudo sh -c '${installCommand}' (then run this command again).`)
}

log('installing Debian chromium-headless-shell with apt-get (non-interactive)')
const lockTimeout = ['-o', 'DPkg::Lock::Timeout=300']
run('apt-get', [...lockTimeout, 'update'])
run('apt-get', [...lockTimeout, 'install', '-y', '--quiet', 'chromium-headless-shell'])

if (!isExecutableFile(chromiumPath)) {
  if (configuredPath && isExecutableFile(DEBIAN_CHROMIUM)) {
    fail(`Chromium is now installed at ${DEBIAN_CHROMIUM}, but ${notFound}; unset CHROMIUM_PATH or point it there.`)
  }
  fail(`apt-get finished but ${chromiumPath} is still missing`)
}
log(`installed ${chromiumPath} (${versionOf(chromiumPath) ?? 'version unknown'})`)
