import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import dotenv from 'dotenv'
import { CONFIG_VARIABLES, parseConfig } from './config.js'
import { parseTrustProxy } from './values.js'

let dataDir: string
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-test-'))
})
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const complete = () => ({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PUBLIC_URL: 'https://portal.example.com/',
  SESSION_SECRET: 's'.repeat(40),
  SERVICE_SECRET: 'v'.repeat(40),
  HONEYPOT_SECRET: 'h'.repeat(40),
  OFFLINE_KEY_PRIVATE_PEM: crypto
    .generateKeyPairSync('ed25519')
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
  MAIL_FROM: 'Portal <licenses@example.com>',
  PAYMENTS_SANDBOX: '1',
})

describe('the configuration', () => {
  it('starts in development with nothing set, and keeps its generated secrets in DATA_DIR', () => {
    const first = parseConfig({ DATA_DIR: dataDir })
    const second = parseConfig({ DATA_DIR: dataDir })
    if (!first.ok || !second.ok) throw new Error('development needs no configuration')
    expect(first.config).toMatchObject({ production: false, seedDemoData: true, devTools: true, trustProxy: false })
    expect(first.config.mail).toMatchObject({ print: true, verify: 'warn' })
    expect(first.config.publicUrl).toBeUndefined()
    expect(second.config.secrets).toEqual(first.config.secrets)
    expect(fs.readFileSync(path.join(dataDir, 'honeypot-secret'), 'utf8').trim()).toBe(first.config.secrets.honeypot)
  })

  it('lists every production problem at once, each naming its variable', () => {
    const result = parseConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      RATE_LIMIT_API: 'many',
      PUBLIC_URL: 'portal',
      TRUST_PROXY: 'true',
    })
    if (result.ok) throw new Error('production needs configuration')
    // A value of the wrong form first, then everything else (PUBLIC_URL is named once, for its form).
    expect(result.problems.map((p) => p.split(' ')[0])).toEqual([
      'PUBLIC_URL',
      'RATE_LIMIT_API',
      'SESSION_SECRET',
      'SERVICE_SECRET',
      'HONEYPOT_SECRET',
      'SMTP_URL',
      'OFFLINE_KEY_PRIVATE_PEM',
      'TRUST_PROXY=true',
      'No',
    ])
    // Nothing was generated in production.
    expect(fs.readdirSync(dataDir)).toEqual([])
  })

  it('accepts a complete production configuration with safe defaults', () => {
    // A one-line PEM (newlines written as \n, as in an env file) is read too.
    const env = complete()
    const result = parseConfig({ ...env, OFFLINE_KEY_PRIVATE_PEM: env.OFFLINE_KEY_PRIVATE_PEM.replace(/\n/g, '\\n') })
    if (!result.ok) throw new Error(result.problems.join('\n'))
    expect(result.config).toMatchObject({
      production: true,
      publicUrl: 'https://portal.example.com',
      seedDemoData: false,
      devTools: false,
      mail: { print: false, outboxOnly: false, verify: 'fail' },
    })
  })

  it('refuses a wrong offline key, a short secret, a path in PUBLIC_URL and a lone OAuth client id', () => {
    const result = parseConfig({
      ...complete(),
      OFFLINE_KEY_PRIVATE_PEM: 'not a key',
      SESSION_SECRET: 'short',
      PUBLIC_URL: 'https://portal.example.com/portal',
      GOOGLE_CLIENT_ID: 'id-only',
    })
    if (result.ok) throw new Error('expected problems')
    expect(result.problems).toEqual([
      'SESSION_SECRET is too short (5 characters); use at least 32 (generate one with: openssl rand -base64 48).',
      'PUBLIC_URL must be an origin without a path, such as https://portal.example.com (it is https://portal.example.com/portal).',
      'OFFLINE_KEY_PRIVATE_PEM is not a readable private key (PKCS#8 PEM expected).',
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together (only one of them is set).',
    ])
  })

  it('allows http for a loopback PUBLIC_URL only, and MAIL_OUTBOX_ONLY instead of SMTP', () => {
    const local = parseConfig({
      ...complete(),
      PUBLIC_URL: 'http://localhost:3000',
      SMTP_URL: '',
      MAIL_OUTBOX_ONLY: '1',
    })
    expect(local.ok && local.config.mail).toMatchObject({ outboxOnly: true, print: false })
  })

  it('names DATA_DIR when its folder cannot be made or written, instead of failing with a stack', () => {
    const file = path.join(dataDir, 'a-file')
    fs.writeFileSync(file, '')
    const result = parseConfig({ DATA_DIR: path.join(file, 'data') })
    expect(!result.ok && result.problems).toEqual([
      `DATA_DIR: the folder ${path.join(file, 'data')} cannot be created or written by this process (ENOTDIR); point DATA_DIR at a folder it may write.`,
    ])
  })

  it('runs the jobs every 5 minutes in production and not at all in development, unless JOBS_INTERVAL_SECONDS says', () => {
    const production = parseConfig(complete())
    const development = parseConfig({ DATA_DIR: dataDir })
    const often = parseConfig({ ...complete(), JOBS_INTERVAL_SECONDS: '30' })
    expect(production.ok && production.config.jobsIntervalMs).toBe(300_000)
    expect(development.ok && development.config.jobsIntervalMs).toBe(0)
    expect(often.ok && often.config.jobsIntervalMs).toBe(30_000)
    const wrong = parseConfig({ ...complete(), JOBS_INTERVAL_SECONDS: 'hourly' })
    expect(!wrong.ok && wrong.problems).toEqual(['JOBS_INTERVAL_SECONDS must be a whole number.'])
  })

  it('lets an address get 5 mails of a kind in 15 minutes in production and 50 outside it, unless MAIL_PER_ADDRESS says', () => {
    const budget = (env: Record<string, string>) => {
      const result = parseConfig(env)
      return result.ok ? result.config.mailPerAddress : result.problems
    }
    expect(budget(complete())).toBe(5)
    expect(budget({ DATA_DIR: dataDir })).toBe(50)
    expect(budget({ DATA_DIR: dataDir, MAIL_PER_ADDRESS: '200' })).toBe(200)
    expect(budget({ DATA_DIR: dataDir, MAIL_PER_ADDRESS: '0' })).toEqual([
      'MAIL_PER_ADDRESS must be at least 1 (the mails of one kind an address may get in 15 minutes).',
    ])
  })

  it('asks no outside avatar service in development or on demo data unless AVATAR_SERVICE says', () => {
    const avatars = (env: Record<string, string>) => {
      const result = parseConfig(env)
      return result.ok ? result.config.avatarService : result.problems
    }
    expect(avatars({ DATA_DIR: dataDir })).toBe('none')
    expect(avatars({ ...complete(), SEED_DEMO_DATA: '1' })).toBe('none')
    expect(avatars(complete())).toBe('gravatar')
    expect(avatars({ DATA_DIR: dataDir, AVATAR_SERVICE: 'gravatar' })).toBe('gravatar')
    expect(avatars({ DATA_DIR: dataDir, AVATAR_SERVICE: 'libravatar' })).toEqual([
      'AVATAR_SERVICE must be "gravatar" or "none".',
    ])
  })

  it('takes the footer’s links to the vendor’s pages from FOOTER_*_URL, each an absolute http(s) address', () => {
    const result = parseConfig({
      DATA_DIR: dataDir,
      FOOTER_ABOUT_URL: 'https://vendor.example/about/',
      FOOTER_PRIVACY_URL: 'https://vendor.example/privacy',
    })
    if (!result.ok) throw new Error(result.problems.join('\n'))
    expect(result.config.footerLinks).toEqual({
      about: 'https://vendor.example/about/',
      privacy: 'https://vendor.example/privacy',
    })
    const wrong = parseConfig({ DATA_DIR: dataDir, FOOTER_BLOG_URL: 'javascript:alert(1)', FOOTER_TERMS_URL: '/terms' })
    expect(!wrong.ok && wrong.problems).toEqual([
      'FOOTER_BLOG_URL must be an absolute address such as https://example.com/about/.',
      'FOOTER_TERMS_URL must be an absolute address such as https://example.com/about/.',
    ])
  })

  it('reads retired offline keys, and names one it cannot read', () => {
    const retired = crypto.generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString()
    expect(parseConfig({ ...complete(), OFFLINE_KEY_RETIRED_PEMS: retired.replace(/\n/g, '\\n') }).ok).toBe(true)
    const rsa = crypto
      .generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString()
    const wrong = parseConfig({ ...complete(), OFFLINE_KEY_RETIRED_PEMS: retired + rsa })
    expect(!wrong.ok && wrong.problems).toEqual(['OFFLINE_KEY_RETIRED_PEMS key 2 must be an Ed25519 key (it is rsa).'])
  })

  it('reads TRUST_PROXY as a hop count or a list of addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false)
    expect(parseTrustProxy('2')).toBe(2)
    expect(parseTrustProxy('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8'])
    expect(parseTrustProxy('proxy.example.com')).toMatch(/^TRUST_PROXY must be/)
  })
})

describe('the Paddle ids', () => {
  it('come from PADDLE_PLAN_IDS, every plan in production with Paddle, unknown plans and bad ids named', () => {
    const paddle = { ...complete(), PAYMENTS_SANDBOX: '', PADDLE_VENDOR_ID: '1234', PADDLE_VENDOR_AUTH_CODE: 'code' }
    const missing = parseConfig({ ...paddle, PADDLE_PLAN_IDS: 'wallaby-organization-year=900001' })
    if (missing.ok) throw new Error('expected problems')
    expect(missing.problems[0]).toMatch(/^PADDLE_PLAN_IDS has no id for: console-ninja-organization-year, /)
    expect(missing.problems[0]).not.toContain('wallaby-organization-year,')
    expect(missing.problems[1]).toMatch(/^PADDLE_RENEWAL_PRODUCT_ID is not set/)

    const wrong = parseConfig({ ...paddle, PADDLE_PLAN_IDS: 'wallaby-gold=1, quokka-personal-year=abc' })
    if (wrong.ok) throw new Error('expected problems')
    expect(wrong.problems).toEqual([
      expect.stringMatching(
        /^PADDLE_PLAN_IDS names an unknown plan "wallaby-gold" \(known: console-ninja-organization-year, /,
      ),
      'PADDLE_PLAN_IDS gives "quokka-personal-year" the id "abc"; Paddle plan ids are numeric.',
    ])
  })
})

describe('.env.example', () => {
  const text = fs.readFileSync(new URL('../.env.example', import.meta.url), 'utf8')
  const example = dotenv.parse(text)
  // The file's "# production: NAME=value" lines, uncommented: what an operator following it sets for production.
  const production = dotenv.parse(text.replace(/^# production: (?=[A-Z_]+=)/gm, ''))

  it('lists every variable the configuration reads, and no other', () => {
    expect(Object.keys(example).sort()).toEqual([...CONFIG_VARIABLES].sort())
    expect(Object.keys(production).sort()).toEqual([...CONFIG_VARIABLES].sort())
  })

  it('is a working development configuration as it is: no production value is set', () => {
    const result = parseConfig({ ...example, DATA_DIR: dataDir })
    if (!result.ok) throw new Error(result.problems.join('\n'))
    expect(result.config).toMatchObject({
      production: false,
      trustProxy: false,
      seedDemoData: true,
      devTools: true,
      jobsIntervalMs: 0,
      mailPerAddress: 50,
      avatarService: 'none',
    })
    expect(result.config.publicUrl).toBeUndefined()
    expect(result.config.mail).toMatchObject({ print: true })
    expect(result.config.mail.smtpUrl).toBeUndefined()
    expect(result.config.paddleIds.plans.size).toBe(0)
  })

  const secrets = () => {
    const env = complete()
    return {
      DATA_DIR: dataDir,
      SESSION_SECRET: env.SESSION_SECRET,
      SERVICE_SECRET: env.SERVICE_SECRET,
      HONEYPOT_SECRET: env.HONEYPOT_SECRET,
      OFFLINE_KEY_PRIVATE_PEM: env.OFFLINE_KEY_PRIVATE_PEM.replace(/\n/g, '\\n'),
      PAYMENTS_SANDBOX: '1',
    }
  }

  it('is a production configuration once its production lines are set and its secrets filled in', () => {
    const result = parseConfig({ ...production, ...secrets() })
    if (!result.ok) throw new Error(result.problems.join('\n'))
    expect(result.config).toMatchObject({ production: true, trustProxy: 1, seedDemoData: false, devTools: false })
    expect(result.config.mail.smtpUrl).toBe('smtps://user:password@smtp.example.com:465')
  })

  it('with MAIL_OUTBOX_ONLY=1 keeps mail in the outbox and never uses the SMTP_URL it still holds', () => {
    const result = parseConfig({ ...production, ...secrets(), MAIL_OUTBOX_ONLY: '1' })
    if (!result.ok) throw new Error(result.problems.join('\n'))
    expect(result.config.mail).toMatchObject({ outboxOnly: true, print: false })
    expect(result.config.mail.smtpUrl).toBeUndefined()
  })
})
