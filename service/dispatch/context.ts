import type express from 'express'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import type { PaymentsConfig } from '../../config/payments.js'
import type { ServiceConfig } from '../config.js'
import type { DB } from '../db/database.js'
import type { Job } from '../jobs/runner.js'
import type { Mailer } from '../mail/mailer.js'
import type { PaymentProvider } from '../payments/provider.js'
import type { OAuthProvider, ProviderName } from '../identity/types.js'
import type { TokenCodec } from '../auth/tokens.js'
import { resolveSession } from '../auth/sessions.js'
import { ServiceError } from './errors.js'
import { apiActor, type AccessTokenScope } from '../../protocol/shared/access-tokens.js'

export type ServiceContext = {
  db: DB
  config: ServiceConfig
  codec: TokenCodec
  mailer: Mailer
  now: () => number
  credential?: string
  /** A repeat of a write with it answers what the first did. */
  idempotencyKey?: string
  adapters: ServiceAdapters
  /** Set by the REST API: the call is an API token's, not a signed-in person's (`requireCaller`). */
  apiToken?: ApiTokenCaller
}

/** An API token as a caller: what it may grant when it creates a token is bounded by its own scopes and life. */
export type ApiTokenCaller = {
  companyId: string | null
  name: string
  scopes: readonly AccessTokenScope[]
  expiresAt: number | null
}

/** Who calls; `token` when it is a company's API token, which holds no account and acts in its company alone. */
export type Caller = { email: string; admin: boolean; token?: ApiTokenCaller }

export interface ServiceAdapters {
  identity?: IdentityAdapter
  payments?: PaymentsAdapter
}

/** Or NOT_AUTHENTICATED / INVALID_AGE / INVALID_SIGNATURE. */
export async function requireCaller(ctx: ServiceContext): Promise<Caller> {
  // Its name in the log ("API (name)") is never an address, so no account, holder or owner is ever it.
  if (ctx.apiToken) return { email: apiActor(ctx.apiToken.name), admin: false, token: ctx.apiToken }
  const email = await resolveSession(ctx.db, ctx.credential, ctx.now())
  const account = await ctx.db
    .selectFrom('accounts')
    .select(['email', 'admin'])
    .where('email', '=', email)
    .executeTakeFirst()
  if (!account) throw new ServiceError('NO_USER')
  return { email: account.email, admin: account.admin === 1 }
}

export async function requirePlatformAdministrator(ctx: ServiceContext) {
  const caller = await requireCaller(ctx)
  if (!caller.admin) throw new ServiceError('FORBIDDEN')
  return caller
}

/** Each provider real or stood in. */
export interface IdentityAdapter {
  readonly providers: Partial<Record<ProviderName, OAuthProvider>>
  /** manageLicense of type github / google. */
  startSignIn(payload: { type: ProviderName; callback: string }, ctx: ServiceContext): Promise<{ redirect: string }>
  startLink(payload: ParsedPayload<'linkAccount'>, ctx: ServiceContext): Promise<Result<'linkAccount'>>
  completeAuthentication(
    payload: ParsedPayload<'completeAuthentication'>,
    ctx: ServiceContext,
  ): Promise<Result<'completeAuthentication'>>
}

/** Only `payments/index.ts` knows which provider. */
export interface PaymentsAdapter {
  provider: PaymentProvider
  config: PaymentsConfig
  log(line: string): void
  /** A declined card, before any webhook; undefined when it did not. */
  checkoutFailure(checkoutId: string): Promise<string | undefined>
  /** Reviews whose time has come, before a checkout's outcome is read. */
  settleDue(): Promise<void>
  /** Run by the service's jobs. */
  jobs: Job[]
  /** Mounted beside the payment endpoints. */
  routes?(service: ServiceHost, options: ServiceRouterOptions): express.Router
  close(): void
}

/** What an adapter's own pages use of the service: not its whole type, which holds the adapters (an import circle). */
export interface ServiceHost {
  db: DB
  config: ServiceConfig
  context(credential?: string, idempotencyKey?: string): ServiceContext
  forOrigin(origin: string): ServiceHost
  logError(err: unknown, message: string): void
}

export type ServiceRouterOptions = {
  /** For the service's pages for some users only: the sandbox's review of flagged orders. */
  sessionCredential?: (req: express.Request) => Promise<string | undefined>
}
