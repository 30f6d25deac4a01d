import type { ParsedPayload, Result } from '../../protocol/operations.js'
import type { ServiceConfig } from '../config.js'
import type { DB } from '../db/database.js'
import type { Mailer } from '../mail/mailer.js'
import type { PaymentsAdapter } from '../payments/types.js'
import type { OAuthProvider, ProviderName } from '../identity/types.js'
import type { TokenCodec } from '../auth/tokens.js'
import { resolveSession } from '../auth/sessions.js'
import { ServiceError } from './errors.js'
import { apiActor } from '../../protocol/access-tokens.js'

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
  apiToken?: { companyId: string | null; name: string }
}

/** Who calls; `token` when it is a company's API token, which holds no account and acts in its company alone. */
export type Caller = { email: string; admin: boolean; token?: { companyId: string | null } }

export interface ServiceAdapters {
  identity?: IdentityAdapter
  payments?: PaymentsAdapter
}

/** Or NOT_AUTHENTICATED / INVALID_AGE / INVALID_SIGNATURE. */
export async function requireCaller(ctx: ServiceContext): Promise<Caller> {
  // Its name in the log ("API (name)") is never an address, so no account, holder or owner is ever it.
  if (ctx.apiToken)
    return { email: apiActor(ctx.apiToken.name), admin: false, token: { companyId: ctx.apiToken.companyId } }
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
