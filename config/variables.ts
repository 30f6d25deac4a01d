// Every variable the configuration reads, as README.md and docs/deployment.md list it: one table, written into both
// by `npm run docs:variables`; config/variables.test.ts fails when a variable is missing here or a document differs.

export type VariableRow = { names: readonly string[]; default: string; meaning: string }

export const VARIABLE_ROWS: readonly VariableRow[] = [
  { names: ['PORT'], default: '3000', meaning: 'HTTP port of the process' },
  {
    names: ['DATA_DIR'],
    default: '`./data`',
    meaning: 'SQLite files; outside production also the generated secrets and keys',
  },
  {
    names: ['NODE_ENV'],
    default: '`development`',
    meaning: '`production` hides the development tools and requires the variables marked "production"',
  },
  {
    names: ['PUBLIC_URL'],
    default: 'the address the request came to',
    meaning:
      'production: the https origin people open, without a path; used in emailed links and the same-origin check',
  },
  {
    names: ['SESSION_SECRET', 'SERVICE_SECRET'],
    default: 'generated into `DATA_DIR` outside production',
    meaning: 'production: cookie signing; link-token and passthrough HMAC (32+ characters each)',
  },
  {
    names: ['HONEYPOT_SECRET'],
    default: 'generated into `DATA_DIR` outside production',
    meaning: "production: encrypts the public forms' bot trap, so a form survives a restart (32+ characters)",
  },
  {
    names: ['COMPANY_SIGN_IN_KEY'],
    default: 'derived from `SERVICE_SECRET`',
    meaning: "Encrypts the companies' OpenID Connect client secrets at rest (32+ characters)",
  },
  {
    names: ['OFFLINE_KEY_PRIVATE_PEM'],
    default: '`DATA_DIR/offline-key.pem`, generated outside production',
    meaning: 'production (or the file): the Ed25519 key that signs offline keys',
  },
  {
    names: ['OFFLINE_KEY_RETIRED_PEMS'],
    default: 'unset',
    meaning: 'Public keys of retired offline signing keys, whose offline keys stay valid (after a rotation)',
  },
  {
    names: ['ALLOW_GENERATED_SECRETS'],
    default: 'unset',
    meaning: '`1` lets production generate missing secrets into `DATA_DIR` (test deployments only)',
  },
  {
    names: ['SMTP_URL', 'MAIL_FROM'],
    default: 'unset: mail printed and kept in the outbox',
    meaning: 'production: e.g. `smtps://user:pass@smtp.example.com:465` and the sender; failed deliveries are retried',
  },
  {
    names: ['MAIL_OUTBOX_ONLY'],
    default: 'unset',
    meaning: '`1`: production without SMTP (mail kept in the outbox, never printed)',
  },
  {
    names: ['SMTP_VERIFY'],
    default: '`fail` in production, else `warn`',
    meaning: 'What an SMTP server that does not answer at start does: stop the start, or a warning',
  },
  {
    names: ['TRUST_PROXY'],
    default: 'unset (no proxy trusted)',
    meaning: 'Proxies in front: a hop count (`1`) or a list of addresses/subnets',
  },
  {
    names: ['RATE_LIMIT_API', 'RATE_LIMIT_FORMS'],
    default: '600, 60',
    meaning: 'Requests per minute and client: `/api`; sign-in, activation and checkout posts',
  },
  {
    names: ['RATE_LIMIT_API_TOKEN'],
    default: '300',
    meaning: 'Requests per minute and REST API token to `/api/v1/`',
  },
  {
    names: ['RATE_LIMIT_SCIM_TOKEN'],
    default: '1200',
    meaning:
      'Requests per minute and SCIM token to `/scim/v2/` (429 with Retry-After past it, which Okta and Entra ID honour)',
  },
  {
    names: ['MAIL_PER_ADDRESS'],
    default: '5 in production, else 50',
    meaning:
      'Mails of one kind (sign-in link, change-of-email or activation confirmation) one address gets in 15 minutes',
  },
  {
    names: ['SHUTDOWN_GRACE_SECONDS'],
    default: '10',
    meaning: 'On SIGTERM, requests in flight get this long; then the process stops with exit status 1',
  },
  {
    names: ['JOBS_INTERVAL_SECONDS'],
    default: '300 in production, else 0',
    meaning: 'How often the time-driven jobs run (reminders, sandbox charges, domain checks, purging); `0`: none here',
  },
  {
    names: ['LOG_LEVEL'],
    default: '`info`',
    meaning: '`fatal` … `trace` or `silent`; JSON lines in production, readable lines in development',
  },
  {
    names: ['SEED_DEMO_DATA'],
    default: '`1` outside production, else `0`',
    meaning: '`1`: an empty store gets the demo data set (never on a real deployment)',
  },
  {
    names: ['DEV_TOOLS'],
    default: 'on outside production',
    meaning: '`1` shows `/dev/outbox` and the sign-in stand-ins in production: anyone could sign in as anyone',
  },
  {
    names: ['WEBHOOKS_ALLOW_LOOPBACK'],
    default: 'unset',
    meaning:
      '`1`: webhook endpoints may be on this machine (tests, development; production only with `DEV_TOOLS=1`); a development server without `JOBS_INTERVAL_SECONDS` then delivers every 5 s',
  },
  {
    names: ['DATABASE_URL'],
    default: 'unset (SQLite files in `DATA_DIR`)',
    meaning: '`postgres://…`: all state on PostgreSQL, shared by several instances (migrated at start)',
  },
  {
    names: ['LICENSING_API_URL'],
    default: 'unset (embedded service)',
    meaning: 'Talk to a remote licensing service over HTTP instead',
  },
  {
    names: ['LICENSING_TIMEOUT_MS'],
    default: '15000',
    meaning:
      'The deadline of one licensing call, retries included (a call failing outright is retried while time is left)',
  },
  {
    names: ['DNS_RESOLVER'],
    default: "unset (the machine's resolver)",
    meaning: 'The DNS servers domain verification asks, `host[:port]`, comma-separated',
  },
  {
    names: ['SUPPORT_EMAIL'],
    default: '`support@license-portal.test`',
    meaning: 'The support address the Contact page shows',
  },
  {
    names: ['SALES_EMAIL'],
    default: '`sales@license-portal.test`',
    meaning: 'Where enterprise and multi-user renewal requests go',
  },
  {
    names: ['AVATAR_SERVICE'],
    default: '`gravatar` in production, else `none`',
    meaning:
      "`gravatar` lays its picture over the account's initials (they show when it has none or cannot be reached); `none` on demo data too",
  },
  {
    names: ['FOOTER_ABOUT_URL', 'FOOTER_BLOG_URL'],
    default: 'unset: left out of the footer',
    meaning: "Absolute addresses of your website's About and Blog pages, linked from the footer",
  },
  {
    names: ['FOOTER_TERMS_URL', 'FOOTER_PRIVACY_URL'],
    default: 'unset: left out of the footer',
    meaning: 'Absolute addresses of your Terms of Use and Privacy Policy, linked from the footer',
  },
  {
    names: ['PADDLE_VENDOR_ID', 'PADDLE_VENDOR_AUTH_CODE'],
    default: 'unset (local sandbox provider)',
    meaning: 'Paddle Classic vendor credentials',
  },
  {
    names: ['PADDLE_PUBLIC_KEY'],
    default: 'unset',
    meaning: "Paddle's webhook public key (PEM); webhooks are refused without it",
  },
  {
    names: ['PADDLE_PLAN_IDS', 'PADDLE_RENEWAL_PRODUCT_ID'],
    default: "the catalog's sample ids",
    meaning: 'Your Paddle plan ids (`plan-key=id,…`) and renewal product id; required in production with Paddle',
  },
  { names: ['PADDLE_SANDBOX'], default: 'unset', meaning: "`1` uses Paddle's own sandbox environment" },
  {
    names: ['PAYMENTS_SANDBOX'],
    default: 'unset',
    meaning: '`1` allows the local sandbox provider in production (test cards, no real money)',
  },
  {
    names: ['SANDBOX_REVIEW_DELAY_SECONDS'],
    default: 'unset',
    meaning: 'The sandbox approves flagged orders by itself after this many seconds (else at `/sandbox/review`)',
  },
  {
    names: ['CHECKOUT_WEBHOOK_WAIT_MS'],
    default: '6000',
    meaning: 'How long a finished Paddle checkout waits for its webhook before answering "pending"',
  },
  {
    names: ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
    default: 'unset (local stand-in)',
    meaning: 'GitHub OAuth app (callback `PUBLIC_URL/auth/github/`); one without the other stops the start',
  },
  {
    names: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    default: 'unset (local stand-in)',
    meaning: 'Google OAuth client (redirect URI `PUBLIC_URL/auth/google/`); one without the other stops the start',
  },
]

export const TABLE_START = '<!-- The variables: written by `npm run docs:variables` from config/variables.ts. -->'
export const TABLE_END = '<!-- End of the variables. -->'

/** The table as markdown (prettier lays its columns out). */
export function variablesTable(rows: readonly VariableRow[] = VARIABLE_ROWS): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|')
  return [
    '| Variable | Default | Meaning |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${r.names.map((n) => `\`${n}\``).join(', ')} | ${cell(r.default)} | ${cell(r.meaning)} |`),
  ].join('\n')
}

/** `document` with the text between the markers replaced by `table`; null when it has no markers. */
export function withTable(document: string, table: string): string | null {
  const start = document.indexOf(TABLE_START)
  const end = document.indexOf(TABLE_END)
  if (start < 0 || end < start) return null
  return `${document.slice(0, start + TABLE_START.length)}\n\n${table.trim()}\n\n${document.slice(end)}`
}
