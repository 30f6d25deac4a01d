// The configuration, read once before the server listens: every problem at once, each naming its variable.
// Development generates its secrets into DATA_DIR; production generates nothing silently.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { parsePlanIds, planKeys } from './catalog/index.js'
import { retiredKeysProblem } from './key-ring.js'
import { loadPaymentsConfig, PaymentsEnv } from './payments.js'
import { unknownVariables, unknownVariableText } from './unknown.js'
import { parseDnsServers, parseTrustProxy, privateKeyProblem } from './values.js'
import { Env } from './env.js'

/** Secrets sign sessions, tokens and form fields: shorter ones can be guessed. */
export const MIN_SECRET_LENGTH = 32
export const SECRET_HINT = 'generate one with: openssl rand -base64 48'

/** Every variable the configuration reads (the payments' own included, see config/payments.ts). */
export const CONFIG_VARIABLES = [...Object.keys(Env.shape), ...Object.keys(PaymentsEnv.shape)]

export type Config = {
  production: boolean
  port: number
  dataDir: string
  /** The portal's public origin as configured; unset outside production, where the request's own origin is used. */
  publicUrl?: string
  /** `companySignIn` seals the companies' OIDC client secrets (COMPANY_SIGN_IN_KEY, else the service secret). */
  secrets: { session: string; service: string; honeypot: string; companySignIn: string }
  mail: {
    smtpUrl?: string
    from: string
    /** Production without SMTP (MAIL_OUTBOX_ONLY=1): mail is kept in the outbox only, and never printed. */
    outboxOnly: boolean
    /** What a failed SMTP check at start does: stop the start, or log a loud warning. */
    verify: 'fail' | 'warn'
    /** Outside production without SMTP the mail is printed, so a developer can follow its links. */
    print: boolean
  }
  seedDemoData: boolean
  /** The development outbox page and the sign-in stand-ins: outside production, or DEV_TOOLS=1. */
  devTools: boolean
  /** Express's `trust proxy`: false, a hop count, or a list of addresses/subnets. */
  trustProxy: boolean | number | string[]
  /** Per minute: `api` and `forms` per client address, the others per token. */
  rateLimits: { api: number; forms: number; apiToken: number; scimToken: number }
  /** The most mails of one kind an address gets in 15 minutes (service/auth/mail-budget.ts). */
  mailPerAddress: number
  /** How long requests in flight may take to finish on SIGTERM before the process stops anyway (exit 1). */
  shutdownGraceMs: number
  /** 0: this process runs no jobs (the default outside production, where `npm run jobs` runs them by hand). */
  jobsIntervalMs: number
  logLevel: string
  salesEmail: string
  /** Outside a production start without demo data, none: a development or demo start asks no outside host. */
  avatarService: 'gravatar' | 'none'
  /** The footer's links to the vendor's own pages (FOOTER_*_URL); an unset one is left out. */
  footerLinks: { about?: string; blog?: string; terms?: string; privacy?: string }
  licensingApiUrl?: string
  /** One licensing call's deadline, its retries included, so the user has an answer by then. */
  licensingTimeoutMs: number
  /** The shared PostgreSQL database of several instances (DATABASE_URL); unset, SQLite files in DATA_DIR. */
  databaseUrl?: string
  supportEmail: string
  /** The DNS servers domain verification asks (DNS_RESOLVER: `host[:port]`, comma-separated); empty: the system's. */
  dnsServers: string[]
  /** `allowLoopback`: endpoints on this machine, for tests (production refuses it unless DEV_TOOLS=1 too);
   * `deliverLocally`: no job interval, so the server delivers by itself (server.ts). */
  webhooks: { allowLoopback: boolean; development: boolean; deliverLocally: boolean }
  /** The vendor's Paddle ids (PADDLE_PLAN_IDS, PADDLE_RENEWAL_PRODUCT_ID), in place of the catalog's. */
  paddleIds: { plans: Map<string, string>; renewal?: string }
}

/** `warnings`: what development lets pass but should be fixed (an unknown variable, which production refuses). */
export type ConfigResult = { ok: true; config: Config; warnings: string[] } | { ok: false; problems: string[] }

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Reads the configuration from `env`; generates development secrets into DATA_DIR only when nothing is wrong. */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): ConfigResult {
  // The other checks still run without a malformed variable, so every problem is listed in one go.
  const parsed = Env.safeParse(env)
  const invalid = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0])))
  const e = parsed.success
    ? parsed.data
    : Env.parse(Object.fromEntries(Object.entries(env).filter(([name]) => !invalid.has(name))))
  const production = e.NODE_ENV === 'production'
  const problems: string[] = []
  const generate = !production || e.ALLOW_GENERATED_SECRETS === true

  for (const [name, value] of [
    ['SESSION_SECRET', e.SESSION_SECRET],
    ['SERVICE_SECRET', e.SERVICE_SECRET],
    ['HONEYPOT_SECRET', e.HONEYPOT_SECRET],
    ['COMPANY_SIGN_IN_KEY', e.COMPANY_SIGN_IN_KEY],
  ] as const) {
    if (value === undefined && !generate && name !== 'COMPANY_SIGN_IN_KEY')
      problems.push(`${name} is not set; it is required in production (${SECRET_HINT}).`)
    if (value !== undefined && value.length < MIN_SECRET_LENGTH)
      problems.push(
        `${name} is too short (${value.length} characters); use at least ${MIN_SECRET_LENGTH} (${SECRET_HINT}).`,
      )
  }

  if (e.PUBLIC_URL) {
    const url = new URL(e.PUBLIC_URL)
    if (production && url.protocol !== 'https:' && !LOOPBACK.has(url.hostname))
      problems.push(`PUBLIC_URL must start with https:// in production (it is ${url.origin}).`)
    if (url.pathname !== '/' || url.search || url.hash)
      problems.push(`PUBLIC_URL must be an origin without a path, such as ${url.origin} (it is ${e.PUBLIC_URL}).`)
  } else if (production) {
    problems.push(
      'PUBLIC_URL is not set; it is required in production (the https address people open, e.g. https://portal.example.com).',
    )
  }

  // MAIL_OUTBOX_ONLY=1 means what it says: no SMTP, whatever SMTP_URL holds (a copied example value included).
  const smtpUrl = e.MAIL_OUTBOX_ONLY ? undefined : e.SMTP_URL
  if (production && !e.SMTP_URL && !e.MAIL_OUTBOX_ONLY)
    problems.push(
      'SMTP_URL is not set; production sends mail over SMTP (or set MAIL_OUTBOX_ONLY=1 to keep mail undelivered in the outbox).',
    )
  if (production && e.WEBHOOKS_ALLOW_LOOPBACK && !e.DEV_TOOLS)
    problems.push(
      'WEBHOOKS_ALLOW_LOOPBACK is refused in production without DEV_TOOLS=1: webhook endpoints must be public https:// addresses (it is for tests and local development).',
    )
  if (production && smtpUrl && !e.MAIL_FROM)
    problems.push('MAIL_FROM is not set; it is the sender of every mail, e.g. "License Portal <licenses@example.com>".')

  if (production && !e.OFFLINE_KEY_PRIVATE_PEM && !generate && !fs.existsSync(path.join(e.DATA_DIR, 'offline-key.pem')))
    problems.push(
      'OFFLINE_KEY_PRIVATE_PEM is not set and DATA_DIR holds no offline-key.pem; offline keys need a lasting signing key ' +
        '(generate one with: openssl genpkey -algorithm ed25519).',
    )
  if (e.OFFLINE_KEY_PRIVATE_PEM) {
    const problem = privateKeyProblem(e.OFFLINE_KEY_PRIVATE_PEM.replace(/\\n/g, '\n'))
    if (problem) problems.push(`OFFLINE_KEY_PRIVATE_PEM ${problem}.`)
  }
  if (e.OFFLINE_KEY_RETIRED_PEMS) {
    const problem = retiredKeysProblem(e.OFFLINE_KEY_RETIRED_PEMS.replace(/\\n/g, '\n'))
    if (problem) problems.push(`OFFLINE_KEY_RETIRED_PEMS ${problem}.`)
  }

  for (const provider of ['GITHUB', 'GOOGLE'] as const) {
    if (Boolean(e[`${provider}_CLIENT_ID`]) !== Boolean(e[`${provider}_CLIENT_SECRET`]))
      problems.push(
        `${provider}_CLIENT_ID and ${provider}_CLIENT_SECRET must be set together (only one of them is set).`,
      )
  }

  const dnsServers = parseDnsServers(e.DNS_RESOLVER)
  if (typeof dnsServers === 'string') problems.push(dnsServers)
  // Outside production one person tries every flow from a few addresses: a budget that lets them.
  const mailPerAddress = Number(e.MAIL_PER_ADDRESS ?? (production ? 5 : 50))
  if (mailPerAddress < 1)
    problems.push('MAIL_PER_ADDRESS must be at least 1 (the mails of one kind an address may get in 15 minutes).')

  const allowLoopback = e.WEBHOOKS_ALLOW_LOOPBACK === true && (!production || e.DEV_TOOLS === true)
  const trustProxy = parseTrustProxy(e.TRUST_PROXY)
  if (typeof trustProxy === 'string') problems.push(trustProxy)

  const unknown = unknownVariables(env, CONFIG_VARIABLES).map(unknownVariableText)
  if (production) problems.push(...unknown)

  const planIds = parsePlanIds(e.PADDLE_PLAN_IDS ?? '')
  problems.push(...planIds.problems)
  // A live Paddle account sells under the vendor's own ids: every plan needs one, and so does the renewal product.
  if (production && env.PADDLE_VENDOR_ID?.trim() && planIds.problems.length === 0) {
    const missing = planKeys().filter((key) => !planIds.ids.has(key))
    if (missing.length > 0) problems.push(`PADDLE_PLAN_IDS has no id for: ${missing.join(', ')}.`)
    if (!e.PADDLE_RENEWAL_PRODUCT_ID)
      problems.push('PADDLE_RENEWAL_PRODUCT_ID is not set; it is the id of the one-off product renewals are paid with.')
  }

  try {
    loadPaymentsConfig(env, production)
  } catch (err) {
    if (err instanceof z.ZodError) problems.push(...err.issues.map(describeIssue))
    else problems.push((err as Error).message)
  }

  if (!parsed.success || problems.length > 0 || typeof trustProxy === 'string') {
    const formProblems = parsed.success ? [] : parsed.error.issues.map(describeIssue)
    const others = problems.filter((p) => !invalid.has(p.split(' ')[0] ?? ''))
    return { ok: false, problems: [...formProblems, ...others] }
  }

  const secret = (name: string, value: string | undefined) => value ?? readOrCreateSecret(e.DATA_DIR, name)
  let secrets: Config['secrets']
  try {
    fs.mkdirSync(e.DATA_DIR, { recursive: true })
    const service = secret('service-secret', e.SERVICE_SECRET)
    secrets = {
      session: secret('session-secret', e.SESSION_SECRET),
      service,
      honeypot: secret('honeypot-secret', e.HONEYPOT_SECRET),
      companySignIn: e.COMPANY_SIGN_IN_KEY ?? service,
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    return {
      ok: false,
      problems: [
        `DATA_DIR: the folder ${e.DATA_DIR} cannot be created or written by this process${code ? ` (${code})` : ''}; ` +
          'point DATA_DIR at a folder it may write.',
      ],
    }
  }
  const seedDemoData = e.SEED_DEMO_DATA ?? !production
  return {
    ok: true,
    warnings: production ? [] : unknown,
    config: {
      production,
      port: e.PORT,
      dataDir: e.DATA_DIR,
      ...(e.PUBLIC_URL ? { publicUrl: new URL(e.PUBLIC_URL).origin } : {}),
      secrets,
      mail: {
        ...(smtpUrl ? { smtpUrl } : {}),
        from: e.MAIL_FROM ?? 'License Portal <no-reply@license-portal.test>',
        outboxOnly: !smtpUrl && production,
        verify: e.SMTP_VERIFY ?? (production ? 'fail' : 'warn'),
        print: !smtpUrl && !production,
      },
      seedDemoData,
      devTools: !production || e.DEV_TOOLS === true,
      webhooks: {
        allowLoopback,
        development: !production,
        deliverLocally: allowLoopback && e.JOBS_INTERVAL_SECONDS === undefined,
      },
      trustProxy,
      rateLimits: {
        api: e.RATE_LIMIT_API,
        forms: e.RATE_LIMIT_FORMS,
        apiToken: e.RATE_LIMIT_API_TOKEN,
        scimToken: e.RATE_LIMIT_SCIM_TOKEN,
      },
      mailPerAddress,
      shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
      jobsIntervalMs: Number(e.JOBS_INTERVAL_SECONDS ?? (production ? 300 : 0)) * 1000,
      logLevel: e.LOG_LEVEL ?? 'info',
      salesEmail: e.SALES_EMAIL ?? 'sales@license-portal.test',
      avatarService: e.AVATAR_SERVICE ?? (production && !seedDemoData ? 'gravatar' : 'none'),
      footerLinks: Object.fromEntries(
        Object.entries({
          about: e.FOOTER_ABOUT_URL,
          blog: e.FOOTER_BLOG_URL,
          terms: e.FOOTER_TERMS_URL,
          privacy: e.FOOTER_PRIVACY_URL,
        }).filter(([, href]) => href !== undefined),
      ),
      ...(e.LICENSING_API_URL ? { licensingApiUrl: e.LICENSING_API_URL } : {}),
      licensingTimeoutMs: e.LICENSING_TIMEOUT_MS,
      ...(e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL } : {}),
      supportEmail: e.SUPPORT_EMAIL ?? 'support@license-portal.test',
      dnsServers: typeof dnsServers === 'string' ? [] : dnsServers,
      paddleIds: {
        plans: planIds.ids,
        ...(e.PADDLE_RENEWAL_PRODUCT_ID ? { renewal: e.PADDLE_RENEWAL_PRODUCT_ID } : {}),
      },
    },
  }
}

/** The configuration problems, thrown where a caller cannot go on without a configuration (tests, the portal). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const result = parseConfig(env)
  if (!result.ok) throw new ConfigError(result.problems)
  return result.config
}

let processConfig: Config | undefined

/** The process's configuration (from `process.env`), read once. */
export function config(): Config {
  return (processConfig ??= loadConfig(process.env))
}

function describeIssue(issue: z.ZodIssue): string {
  const name = String(issue.path[0] ?? 'The environment')
  // Messages written for a variable name it already; zod's own ones get the name in front.
  return issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`
}

/** A development secret kept in the data folder (mode 0600): generated the first time, the same ever after. */
export function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name)
  if (!fs.existsSync(file)) {
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' })
    } catch (err) {
      // Another process wrote it first: keep theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
  }
  return fs.readFileSync(file, 'utf8').trim()
}
