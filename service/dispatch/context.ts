import type { ParsedPayload, Result } from '../../protocol/operations.js'
import type { ServiceConfig } from '../config.js'
import type { DB } from '../db/database.js'
import type { Mailer } from '../mail/mailer.js'
import type { PaymentsAdapter } from '../payments/types.js'
import type { OAuthProvider, ProviderName } from '../identity/types.js'
import type { TokenCodec } from '../auth/tokens.js'
import { resolveSession } from '../auth/sessions.js'
import { ServiceError } from './errors.js'

/** What every operation is handed: the store, the adapters, the clock, and who is calling. */
export type ServiceContext = {
  db: DB
  config: ServiceConfig
  codec: TokenCodec
  mailer: Mailer
  now: () => number
  /** The bearer credential the call carried, if any. */
  credential?: string
  /** The `Idempotency-Key` the call carried, if any: a repeat of a write with it answers what the first did. */
  idempotencyKey?: string
  /** Adapters added by later capabilities (payments, identity, offline keys) hang here. */
  adapters: ServiceAdapters
}

export interface ServiceAdapters {
  /** GitHub / Google sign-in and linking (the identity capability, service/identity). */
  identity?: IdentityAdapter
  /** The payments adapter (service/payments): the provider, its checkout state, its due work, its pages. */
  payments?: PaymentsAdapter
}

/** The signed-in account's email, or NOT_AUTHENTICATED / INVALID_AGE / INVALID_SIGNATURE. */
export async function requireCaller(ctx: ServiceContext): Promise<{ email: string; admin: boolean }> {
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

/** The identity capability: GitHub and Google sign-in and linking, each provider real or stood in. */
export interface IdentityAdapter {
  readonly providers: Partial<Record<ProviderName, OAuthProvider>>
  /** manageLicense of type github / google: records a state and answers the provider's address. */
  startSignIn(payload: { type: ProviderName; callback: string }, ctx: ServiceContext): Promise<{ redirect: string }>
  /** linkAccount: the same, for the signed-in account. */
  startLink(payload: ParsedPayload<'linkAccount'>, ctx: ServiceContext): Promise<Result<'linkAccount'>>
  completeAuthentication(
    payload: ParsedPayload<'completeAuthentication'>,
    ctx: ServiceContext,
  ): Promise<Result<'completeAuthentication'>>
}
