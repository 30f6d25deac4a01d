import path from 'node:path'
import { loadConfig, type Config } from '../config/config.js'

export type ServiceConfig = {
  production: boolean
  dataDir: string
  databaseFile: string
  /** Set (DATABASE_URL): the store is this PostgreSQL database instead of `databaseFile`. */
  databaseUrl?: string
  /** The portal's public origin for emailed links and callbacks: PUBLIC_URL, or outside production localhost:PORT. */
  publicUrl: string
  /** Whether `publicUrl` was configured (PUBLIC_URL) rather than assumed. */
  publicUrlConfigured: boolean
  secret: Buffer
  /** Seals company sign-in client secrets (COMPANY_SIGN_IN_KEY, else SERVICE_SECRET). */
  signInKey: Buffer
  mail: Config['mail']
  seedDemoData: boolean
  /** The outbox page and the sign-in stand-ins: outside production, or DEV_TOOLS=1. */
  devTools: boolean
  salesEmail: string
  /** The mail budget of one address: mails of one kind per 15 minutes (MAIL_PER_ADDRESS). */
  mailPerAddress: number
  /** Requests per minute and REST API token (RATE_LIMIT_API_TOKEN). */
  apiTokenRateLimit: number
  /** Requests per minute and SCIM token (RATE_LIMIT_SCIM_TOKEN). */
  scimTokenRateLimit: number
  paddleIds: Config['paddleIds']
  /** The DNS servers domain verification asks; empty: the system's resolver. */
  dnsServers: readonly string[]
  /** Whether webhook endpoints may be on this machine (WEBHOOKS_ALLOW_LOOPBACK; never in production). */
  webhooks: Config['webhooks']
  env: Readonly<Record<string, string | undefined>>
}

/** The service's view of the process configuration (`config/config.ts`); throws a ConfigError listing every problem. */
export function loadServiceConfig(env: Readonly<Record<string, string | undefined>> = process.env): ServiceConfig {
  return serviceConfigOf(loadConfig(env), env)
}

export function serviceConfigOf(config: Config, env: Readonly<Record<string, string | undefined>>): ServiceConfig {
  return {
    production: config.production,
    dataDir: config.dataDir,
    databaseFile: path.join(config.dataDir, 'licensing.db'),
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    publicUrlConfigured: config.publicUrl !== undefined,
    secret: Buffer.from(config.secrets.service),
    signInKey: Buffer.from(config.secrets.companySignIn),
    mail: config.mail,
    seedDemoData: config.seedDemoData,
    devTools: config.devTools,
    salesEmail: config.salesEmail,
    mailPerAddress: config.mailPerAddress,
    apiTokenRateLimit: config.rateLimits.apiToken,
    scimTokenRateLimit: config.rateLimits.scimToken,
    paddleIds: config.paddleIds,
    dnsServers: config.dnsServers,
    webhooks: config.webhooks,
    env,
  }
}
