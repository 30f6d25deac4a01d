import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

const Env = z.object({
  NODE_ENV: z.string().default('development'),
  DATA_DIR: z.string().default('./data'),
  /** The portal's public origin, used in emailed links. */
  PUBLIC_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().default(3000),
  SERVICE_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  /** A PostgreSQL connection string: the store then lives there (several instances share it), not in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  MAIL_FROM: z.string().default('License Portal <no-reply@license-portal.test>'),
})

export type ServiceConfig = {
  production: boolean
  dataDir: string
  databaseFile: string
  /** Set: the store is this PostgreSQL database instead of `databaseFile`. */
  databaseUrl?: string
  publicUrl: string
  secret: Buffer
  smtpUrl?: string
  mailFrom: string
  /** Shown in the outbox page and printed on the console when not in production. */
  devTools: boolean
  env: NodeJS.ProcessEnv
}

/**
 * Reads the service's configuration once. Secrets come from the environment; in development an absent secret is
 * generated into the data folder, in production it stops the server with a clear message.
 */
export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const parsed = Env.parse(env)
  const production = parsed.NODE_ENV === 'production'
  const dataDir = path.resolve(parsed.DATA_DIR)
  fs.mkdirSync(dataDir, { recursive: true })
  return {
    production,
    dataDir,
    databaseFile: path.join(dataDir, 'licensing.db'),
    databaseUrl: parsed.DATABASE_URL || undefined,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    secret: Buffer.from(parsed.SERVICE_SECRET ?? readOrCreateSecret(dataDir, 'service-secret', production, env)),
    smtpUrl: parsed.SMTP_URL || undefined,
    mailFrom: parsed.MAIL_FROM,
    // The outbox page: outside production, or when asked for (the browser tests run a production build with it).
    devTools: !production || env.DEV_TOOLS === '1',
    env,
  }
}

export function readOrCreateSecret(
  dataDir: string,
  name: string,
  production: boolean,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const file = path.join(dataDir, name)
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  if (production && env.ALLOW_GENERATED_SECRETS !== '1') {
    throw new Error(
      `Missing secret "${name}": set it in the environment, or set ALLOW_GENERATED_SECRETS=1 to generate one into ${dataDir}.`,
    )
  }
  const secret = crypto.randomBytes(32).toString('base64url')
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}
