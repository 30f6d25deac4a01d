import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CONFIG_VARIABLES, parseConfig } from './config.js'
import { editDistance, unknownVariables } from './unknown.js'

let dataDir: string
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unknown-test-'))
})
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** What a shell, npm, CI, a desktop and a Kubernetes pod put in the environment besides ours. */
const unrelated = {
  PATH: '/usr/bin',
  HOME: '/home/pat',
  HOST: 'box',
  HOSTNAME: 'box',
  PWD: '/srv',
  USER: 'pat',
  LOGNAME: 'pat',
  SHELL: '/bin/bash',
  TERM: 'xterm',
  LANG: 'C.UTF-8',
  TZ: 'UTC',
  MAIL: '/var/mail/pat',
  MAILCHECK: '60',
  DEBUG: '',
  CI: 'true',
  GITHUB_ACTIONS: 'true',
  GITHUB_TOKEN: 'x',
  GOOGLE_APPLICATION_CREDENTIALS: '/k.json',
  NODE_OPTIONS: '--enable-source-maps',
  NODE_EXTRA_CA_CERTS: '/ca.pem',
  npm_config_port: '1',
  npm_lifecycle_event: 'start',
  SESSION_MANAGER: 'local/box',
  XDG_DATA_DIRS: '/usr/share',
  DATABASE_PRIVATE_URL: 'postgres://x',
  MAIL_SERVICE_HOST: '10.0.0.9',
  MAIL_PORT: 'tcp://10.0.0.9:25',
  SMTP_PORT_25_TCP_ADDR: '10.0.0.9',
  LICENSING_URL: 'http://localhost:3000',
  E2E_PORT: '3600',
  TEST_DATABASE_URL: 'postgres://x',
}

describe('variables that look like ours but are not', () => {
  it('are named with the nearest variable the portal reads: typos, and names with our prefixes', () => {
    expect(
      unknownVariables(
        { ...unrelated, SESION_SECRET: 'x', TRUST_PROXI: '1', PROT: '80', SMTP_HOST: 'mail', RATE_LIMIT_API: '1' },
        CONFIG_VARIABLES,
      ),
    ).toEqual([
      { name: 'PROT', nearest: 'PORT' },
      { name: 'SESION_SECRET', nearest: 'SESSION_SECRET' },
      { name: 'SMTP_HOST', nearest: 'SMTP_URL' },
      { name: 'TRUST_PROXI', nearest: 'TRUST_PROXY' },
    ])
  })

  it('leave the other programs’ variables alone', () => {
    expect(unknownVariables(unrelated, CONFIG_VARIABLES)).toEqual([])
  })

  it('stop a production start, and are a warning in development', () => {
    const production = parseConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, TRUST_PROXI: '1' })
    expect(!production.ok && production.problems).toContain(
      'TRUST_PROXI is not a variable License Portal reads; did you mean TRUST_PROXY? Rename it, or remove it (every variable is in .env.example).',
    )
    const development = parseConfig({ DATA_DIR: dataDir, SESION_SECRET: 'x'.repeat(40) })
    expect(development.ok && development.warnings).toEqual([
      'SESION_SECRET is not a variable License Portal reads; did you mean SESSION_SECRET? Rename it, or remove it (every variable is in .env.example).',
    ])
  })

  it('measures the distance by edits, a swap of neighbours being one', () => {
    expect(editDistance('TRUST_PROXY', 'TRUST_PROXI')).toBe(1)
    expect(editDistance('PORT', 'PROT')).toBe(1)
    expect(editDistance('SMTP_URL', 'SMTP_HOST')).toBe(4)
  })
})
