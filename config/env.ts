// The environment's variables as the configuration reads them: each checked alone, its message naming it.
import path from 'node:path'
import { z } from 'zod'

const flag = (name: string) =>
  z
    .enum(['0', '1', 'true', 'false', ''], { message: `${name} must be 1 or 0.` })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'))

const text = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined))

const count = (name: string, fallback: number) =>
  text.pipe(
    z
      .string()
      .regex(/^\d+$/, `${name} must be a whole number.`)
      .transform(Number)
      .optional()
      .transform((v) => v ?? fallback),
  )

const link = (name: string) =>
  text.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s/]+\S*$/i, `${name} must be an absolute address such as https://example.com/about/.`)
      .optional(),
  )

export const Env = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: count('PORT', 3000),
  DATA_DIR: text.transform((v) => path.resolve(v ?? './data')),
  PUBLIC_URL: text.pipe(
    z.string().url('PUBLIC_URL must be an absolute address such as https://portal.example.com.').optional(),
  ),
  SESSION_SECRET: text,
  SERVICE_SECRET: text,
  HONEYPOT_SECRET: text,
  COMPANY_SIGN_IN_KEY: text,
  OFFLINE_KEY_PRIVATE_PEM: text,
  OFFLINE_KEY_RETIRED_PEMS: text,
  ALLOW_GENERATED_SECRETS: flag('ALLOW_GENERATED_SECRETS'),
  SMTP_URL: text.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'SMTP_URL must look like smtps://user:password@smtp.example.com:465.')
      .optional(),
  ),
  MAIL_FROM: text,
  MAIL_OUTBOX_ONLY: flag('MAIL_OUTBOX_ONLY'),
  SMTP_VERIFY: text.pipe(z.enum(['fail', 'warn'], { message: 'SMTP_VERIFY must be "fail" or "warn".' }).optional()),
  SEED_DEMO_DATA: flag('SEED_DEMO_DATA'),
  DEV_TOOLS: flag('DEV_TOOLS'),
  WEBHOOKS_ALLOW_LOOPBACK: flag('WEBHOOKS_ALLOW_LOOPBACK'),
  TRUST_PROXY: text,
  RATE_LIMIT_API: count('RATE_LIMIT_API', 600),
  RATE_LIMIT_FORMS: count('RATE_LIMIT_FORMS', 60),
  RATE_LIMIT_API_TOKEN: count('RATE_LIMIT_API_TOKEN', 300),
  RATE_LIMIT_SCIM_TOKEN: count('RATE_LIMIT_SCIM_TOKEN', 1200),
  MAIL_PER_ADDRESS: text.pipe(z.string().regex(/^\d+$/, 'MAIL_PER_ADDRESS must be a whole number.').optional()),
  SHUTDOWN_GRACE_SECONDS: count('SHUTDOWN_GRACE_SECONDS', 10),
  JOBS_INTERVAL_SECONDS: text.pipe(
    z.string().regex(/^\d+$/, 'JOBS_INTERVAL_SECONDS must be a whole number.').optional(),
  ),
  LOG_LEVEL: text.pipe(
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.',
      })
      .optional(),
  ),
  SALES_EMAIL: text.pipe(z.string().email('SALES_EMAIL must be an email address.').optional()),
  AVATAR_SERVICE: text.pipe(
    z.enum(['gravatar', 'none'], { message: 'AVATAR_SERVICE must be "gravatar" or "none".' }).optional(),
  ),
  FOOTER_ABOUT_URL: link('FOOTER_ABOUT_URL'),
  FOOTER_BLOG_URL: link('FOOTER_BLOG_URL'),
  FOOTER_TERMS_URL: link('FOOTER_TERMS_URL'),
  FOOTER_PRIVACY_URL: link('FOOTER_PRIVACY_URL'),
  LICENSING_API_URL: text.pipe(z.string().url('LICENSING_API_URL must be an absolute address.').optional()),
  LICENSING_TIMEOUT_MS: count('LICENSING_TIMEOUT_MS', 15_000),
  DATABASE_URL: text.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must look like postgres://user:password@host:5432/database.')
      .optional(),
  ),
  SUPPORT_EMAIL: text.pipe(z.string().email('SUPPORT_EMAIL must be an email address.').optional()),
  GITHUB_CLIENT_ID: text,
  GITHUB_CLIENT_SECRET: text,
  GOOGLE_CLIENT_ID: text,
  GOOGLE_CLIENT_SECRET: text,
  DNS_RESOLVER: text,
  PADDLE_PLAN_IDS: text,
  PADDLE_RENEWAL_PRODUCT_ID: text.pipe(z.string().regex(/^\d+$/, 'PADDLE_RENEWAL_PRODUCT_ID is numeric.').optional()),
})
