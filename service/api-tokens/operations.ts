// The API tokens dialog's calls (docs/decisions/0015-api-tokens-who-holds-them.md); a repeated create is refused.
import { labelled } from '../../protocol/shared/text.js'
import { DAY_MS, formatDate } from '../../protocol/shared/dates.js'
import {
  personalTokenScopeRefusal,
  personalTokenScopes,
  scopeWords,
  tokenGrantRefusal,
} from '../../protocol/api-tokens/api-tokens.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { recordActivity } from '../activity/log.js'
import {
  createAccessToken,
  listAccessTokens,
  revokeAccessToken,
  tokenOwnerLockKey,
  tokenShownOnce,
  type AccessTokenRecord,
  type TokenOwner,
} from '../auth/access-tokens.js'
import { requireCompanyAdministrator } from '../auth/policy.js'
import { inTransaction } from '../db/transaction.js'
import { requireCaller, type Caller, type ServiceContext } from '../dispatch/context.js'
import { ServiceError } from '../dispatch/errors.js'
import { withStoreLock } from '../db/locks.js'
import { isUniqueViolation } from '../domains/domains.js'
import type { OperationHandlers } from '../operations/handlers.js'

type Holder = {
  caller: Caller
  owner: TokenOwner
  company: { id: string; name: string } | null
  /** Who the log names: the caller, or "platform administrator" for one outside the company. */
  actor: string
}

/** The company's (FORBIDDEN unless the caller may manage them, NOT_FOUND for no such company) or the caller's own. */
async function tokenHolder(ctx: ServiceContext, companyId: string | undefined): Promise<Holder> {
  if (companyId === undefined) {
    const caller = await requireCaller(ctx)
    return { caller, owner: { account: caller.email }, company: null, actor: caller.email }
  }
  const { caller, company, actor } = await requireCompanyAdministrator(
    ctx,
    companyId,
    "Only the company's administrators may manage its API tokens.",
  )
  return { caller, owner: { companyId: company.id }, company, actor }
}

const withoutOwner = ({ companyId: _c, account: _a, ...token }: AccessTokenRecord) => token

/** The company's log, or the account's own for a personal token. */
const logOf = (holder: Holder) => (holder.company ? { companyId: holder.company.id } : { account: holder.caller.email })

export async function retrieveApiTokens(
  payload: ParsedPayload<'retrieveApiTokens'>,
  ctx: ServiceContext,
): Promise<Result<'retrieveApiTokens'>> {
  const holder = await tokenHolder(ctx, payload.companyId)
  const tokens = await listAccessTokens(ctx.db, holder.owner, 'api')
  return { company: holder.company, tokens: tokens.map(withoutOwner) }
}

export async function createApiToken(
  payload: ParsedPayload<'createApiToken'>,
  ctx: ServiceContext,
): Promise<Result<'createApiToken'>> {
  const holder = await tokenHolder(ctx, payload.companyId)
  const { scopes } = payload
  if (!holder.company && scopes.some((scope) => !personalTokenScopes.includes(scope)))
    throw new ServiceError('INVALID_PAYLOAD', personalTokenScopeRefusal)
  const now = ctx.now()
  const expiresAt = payload.expiresInDays ? now + payload.expiresInDays * DAY_MS : null
  const beyond = holder.caller.token && tokenGrantRefusal({ scopes, expiresAt }, holder.caller.token)
  if (beyond) throw new ServiceError('FORBIDDEN', beyond)
  try {
    return await withStoreLock(ctx.db, tokenOwnerLockKey(holder.owner), (db) =>
      inTransaction(db, async (trx) => {
        const made = await createAccessToken(trx, {
          kind: 'api',
          owner: holder.owner,
          name: payload.name,
          scopes,
          expiresAt,
          createdBy: holder.caller.email,
          now,
          creationKey: ctx.idempotencyKey,
        })
        const expiry = expiresAt ? `, expires ${formatDate(expiresAt, { utc: true })}` : ''
        await recordActivity(trx, {
          kind: 'api',
          actor: holder.actor,
          ...logOf(holder),
          summary: `created ${labelled(holder.company ? 'the API token' : 'the personal API token', made.token.name)} (${scopeWords(scopes)}${expiry})`,
          at: now,
        })
        return { token: withoutOwner(made.token), secret: made.secret }
      }),
    )
  } catch (error) {
    // The same request twice at once: the unique creation key lets one through.
    if (isUniqueViolation(error)) throw new ServiceError('INVALID_STATE', tokenShownOnce)
    throw error
  }
}

export async function revokeApiToken(
  payload: ParsedPayload<'revokeApiToken'>,
  ctx: ServiceContext,
): Promise<Result<'revokeApiToken'>> {
  const holder = await tokenHolder(ctx, payload.companyId)
  await inTransaction(ctx.db, async (trx) => {
    const now = ctx.now()
    const revoked = await revokeAccessToken(trx, { owner: holder.owner, id: payload.tokenId, by: holder.actor, now })
    // A personal token's owner is the account alone: a company token is never one of them.
    const theirs = revoked && revoked.token.kind === 'api' && (holder.company || revoked.token.companyId === null)
    if (!theirs) throw new ServiceError('NOT_FOUND', 'There is no such API token; it may have been removed.')
    if (!revoked.revokedNow) return
    await recordActivity(trx, {
      kind: 'api',
      actor: holder.actor,
      ...logOf(holder),
      summary: `revoked ${labelled(holder.company ? 'the API token' : 'the personal API token', revoked.token.name)}`,
      at: now,
    })
  })
  return { completed: true }
}

export const apiTokenOperationHandlers: OperationHandlers = { retrieveApiTokens, createApiToken, revokeApiToken }
