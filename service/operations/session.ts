import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { requireCaller, type ServiceContext } from '../dispatch/context.js'
import { buildDetails, hasAnything } from '../reads/details.js'
import { buildWindowedDetails } from '../reads/windows.js'
import { ServiceError } from '../dispatch/errors.js'
import { endSession, startSession } from '../auth/sessions.js'
import { consumeToken, inspectToken, issueToken } from '../auth/tokens.js'
import { joinByDomain, mayJoinByDomain } from '../domains/auto-join.js'
import { requireMailBudget } from '../auth/mail-budget.js'
import { inTransaction } from '../db/transaction.js'
import { refuseWhenCompanySignInRequired } from '../company-sign-in/oidc-required.js'

/**
 * Emails a sign-in link (24 hours, usable once) to an address that owns, holds a role in, or is assigned anything;
 * it replaces the address's older unused links. Within its mail budget only (service/auth/mail-budget.ts).
 */
export async function manageLicenseByLink(
  payload: Extract<ParsedPayload<'manageLicense'>, { type: 'link' }>,
  ctx: ServiceContext,
): Promise<Result<'manageLicense'>> {
  const email = payload.email
  const now = ctx.now()
  await refuseWhenCompanySignInRequired(ctx.db, email)
  if (!(await mayEnter(ctx, email))) throw new ServiceError('NO_USER')
  const account = await ctx.db
    .selectFrom('accounts')
    .select(['logon_link', 'github_id', 'google_id'])
    .where('email', '=', email)
    .executeTakeFirst()
  // Email-link sign-in is allowed only when no social account is linked, unless the account says "always" (spec §6).
  if (account && (account.github_id || account.google_id) && account.logon_link !== 'always') {
    throw new ServiceError('NO_LOGON_LINK')
  }
  await requireMailBudget(ctx.db, {
    kind: 'sign-in',
    address: email,
    mails: ctx.config.mailPerAddress,
    now,
    production: ctx.config.production,
  })
  const token = await inTransaction(ctx.db, (trx) =>
    issueToken(trx, ctx.codec, { purpose: 'login', email, account: email, now }),
  )
  const link = `${ctx.config.publicUrl}/manage/${token}`
  await ctx.mailer.send({
    to: email,
    subject: 'Your License Portal sign-in link',
    text: [
      'Hello,',
      '',
      'Use this link to sign in to the License Portal and manage your licenses and subscriptions:',
      '',
      link,
      '',
      'The link is valid for 24 hours and can be used once. If you did not ask for it, you can ignore this email.',
    ].join('\n'),
  })
  return { completed: true }
}

/** A passthrough from an emailed link uses the link up and starts a session (its credential returned once). */
export async function retrieveDetails(
  payload: ParsedPayload<'retrieveDetails'>,
  ctx: ServiceContext,
): Promise<Result<'retrieveDetails'>> {
  const now = ctx.now()
  if (payload.passthrough) {
    const passthrough = payload.passthrough
    const { email } = await consumeToken(ctx.db, ctx.codec, passthrough, 'login', now).catch((err: unknown) =>
      refusedLink(ctx, passthrough, err),
    )
    // A link mailed before the company required its own sign-in is refused as a new one would be.
    await refuseWhenCompanySignInRequired(ctx.db, email)
    if (!(await mayEnter(ctx, email))) throw new ServiceError('NO_USER')
    await joinByDomain(ctx, email)
    await ensureAccount(ctx, email, now)
    const session = await startSession(ctx.db, email, now)
    return { ...(await detailsOf(ctx, email, payload.windows, now)), session }
  }
  const caller = await requireCaller(ctx)
  if (!(await mayEnter(ctx, caller.email))) throw new ServiceError('NO_USER')
  return detailsOf(ctx, caller.email, payload.windows, now)
}

/**
 * A link a newer one or a change of address retired, for an address that holds nothing now (it gave everything away
 * by that change): NO_USER, as a new link for it would be (§8); else the refusal as it is.
 */
async function refusedLink(ctx: ServiceContext, passthrough: string, err: unknown): Promise<never> {
  if (err instanceof ServiceError && err.code === 'LINK_REPLACED') {
    const { email } = await inspectToken(ctx.db, ctx.codec, passthrough, 'login', ctx.now())
    if (email && !(await mayEnter(ctx, email))) throw new ServiceError('NO_USER')
  }
  throw err
}

function detailsOf(
  ctx: ServiceContext,
  email: string,
  windows: ParsedPayload<'retrieveDetails'>['windows'],
  now: number,
) {
  return windows ? buildWindowedDetails(ctx.db, email, windows, now) : buildDetails(ctx.db, email)
}

/** signInLink: why an emailed sign-in link does not sign in (see the protocol); the link is not used. */
export async function signInLink(
  payload: ParsedPayload<'signInLink'>,
  ctx: ServiceContext,
): Promise<Result<'signInLink'>> {
  return inspectToken(ctx.db, ctx.codec, payload.passthrough, 'login', ctx.now())
}

export async function logout(_payload: unknown, ctx: ServiceContext): Promise<Result<'logout'>> {
  if (ctx.credential) await endSession(ctx.db, ctx.credential, ctx.now())
  return { completed: true }
}

/** An address that is only assigned a license gets an account row at first sign-in. */
export async function ensureAccount(ctx: ServiceContext, email: string, now: number) {
  await ctx.db
    .insertInto('accounts')
    .values({ email, admin: 0, logon_link: 'default', github_id: null, google_id: null, created_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute()
}

/** `email` owns, holds a role in or is assigned something, or a verified domain's auto-join gives it a place. */
export async function mayEnter(ctx: Pick<ServiceContext, 'db'>, email: string): Promise<boolean> {
  return (await hasAnything(ctx.db, email)) || (await mayJoinByDomain(ctx.db, email))
}
