// The identity capability: GitHub and Google sign-in and account linking (spec §1, §2 "Social sign-in callbacks",
// §6). The same state, PKCE and account checks run whether a provider is real or stood in.
import { DAY_MS } from '../../protocol/shared/dates.js'
import { generateCodeVerifier, generateState } from 'arctic'
import * as z from 'zod/mini'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import type { ServiceConfig } from '../config.js'
import { requireCaller, type IdentityAdapter, type ServiceContext } from '../dispatch/context.js'
import type { DB } from '../db/database.js'
import { ServiceError } from '../dispatch/errors.js'
import { resolveSession, startSession } from '../auth/sessions.js'
import { githubProvider, googleProvider } from './providers.js'
import { createStandInCodes, standInProvider } from './stand-in.js'
import { providerColumns, providerLabels, type OAuthProvider, type ProviderName, type ProviderUser } from './types.js'
import { inTransaction } from '../db/transaction.js'
import { recordActivity } from '../activity/log.js'
import { joinByDomain } from '../domains/auto-join.js'
import { mayEnter } from '../operations/session.js'
import { refuseWhenCompanySignInRequired } from '../company-sign-in/oidc-required.js'

/** A sign-in started more than 10 minutes ago is not finished any more. */
export const STATE_MAX_AGE_MS = 10 * 60 * 1000
/** Answered states are kept a day (to recognise a replay), then removed. */
export const STATE_RETENTION_MS = DAY_MS

export const ALREADY_PROCESSED = 'This sign-in request seems to have already been processed, or it has expired.'

const Env = z.object({
  GITHUB_CLIENT_ID: z.optional(z.string()),
  GITHUB_CLIENT_SECRET: z.optional(z.string()),
  GOOGLE_CLIENT_ID: z.optional(z.string()),
  GOOGLE_CLIENT_SECRET: z.optional(z.string()),
})

/**
 * Real with a client id and secret, else the local stand-in, but only where the development tools are on (outside
 * production, or DEV_TOOLS=1): a stand-in lets anyone sign in as anyone. In production without them, unavailable.
 */
export function createIdentityAdapter(config: ServiceConfig): IdentityAdapter {
  const env = Env.parse(config.env)
  const codes = createStandInCodes(config.secret)
  const build = (name: ProviderName, id: string | undefined, secret: string | undefined) => {
    if (id && secret) return name === 'github' ? githubProvider(id, secret) : googleProvider(id, secret)
    return config.devTools ? standInProvider(name, { codes }) : undefined
  }
  const providers: Partial<Record<ProviderName, OAuthProvider>> = {}
  const github = build('github', env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET)
  const google = build('google', env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET)
  if (github) providers.github = github
  if (google) providers.google = google
  return identityAdapter(providers)
}

/** The adapter over a given set of providers (tests hand in their own). */
export function identityAdapter(providers: Partial<Record<ProviderName, OAuthProvider>>): IdentityAdapter {
  const providerFor = (type: ProviderName) => {
    const provider = providers[type]
    if (!provider) throw new ServiceError('UNKNOWN_OPERATION', `${providerLabels[type]} sign-in is not available.`)
    return provider
  }

  async function start(type: ProviderName, callback: string, linkEmail: string | null, ctx: ServiceContext) {
    const provider = providerFor(type)
    const redirectUri = portalCallback(callback, ctx.config.publicUrl)
    const now = ctx.now()
    const state = generateState()
    const codeVerifier = provider.usesPkce ? generateCodeVerifier() : ''
    await ctx.db
      .deleteFrom('oauth_states')
      .where('created_at', '<', now - STATE_RETENTION_MS)
      .execute()
    await ctx.db
      .insertInto('oauth_states')
      .values({
        state,
        provider: type,
        code_verifier: codeVerifier,
        callback: redirectUri,
        link_email: linkEmail,
        created_at: now,
        used_at: null,
      })
      .execute()
    return { redirect: provider.authorizationUrl({ state, codeVerifier, redirectUri }).toString() }
  }

  return {
    providers,

    startSignIn: (payload, ctx) => start(payload.type, payload.callback, null, ctx),

    async startLink(payload: ParsedPayload<'linkAccount'>, ctx: ServiceContext): Promise<Result<'linkAccount'>> {
      const caller = await requireCaller(ctx)
      const column = providerColumns[payload.type]
      const account = await ctx.db
        .selectFrom('accounts')
        .select(column)
        .where('email', '=', caller.email)
        .executeTakeFirstOrThrow()
      if (account[column]) {
        throw new ServiceError('INVALID_STATE', `${providerLabels[payload.type]} is already linked to ${caller.email}.`)
      }
      return start(payload.type, payload.callback, caller.email, ctx)
    },

    async completeAuthentication(payload, ctx) {
      const provider = providerFor(payload.type)
      const now = ctx.now()
      const row = await ctx.db
        .selectFrom('oauth_states')
        .selectAll()
        .where('state', '=', payload.state)
        .executeTakeFirst()
      if (!row || row.provider !== payload.type || row.used_at !== null || now - row.created_at > STATE_MAX_AGE_MS) {
        throw new ServiceError('INVALID_REQUEST', ALREADY_PROCESSED)
      }
      // Linking is finished only by the account that started it, so nobody can be tricked into linking their GitHub
      // or Google account to someone else's licenses by opening a prepared callback.
      let linking: { email: string; credential: string } | null = null
      if (row.link_email !== null) {
        const caller = ctx.credential ? await resolveSession(ctx.db, ctx.credential, now).catch(() => null) : null
        if (!ctx.credential || caller !== row.link_email) {
          throw new ServiceError(
            'INVALID_REQUEST',
            'Linking must be finished by the account that started it; sign in and try again.',
          )
        }
        linking = { email: row.link_email, credential: ctx.credential }
      }
      // The state is used up before the code goes to the provider: of two uses of the same answer, one goes on.
      const used = await ctx.db
        .updateTable('oauth_states')
        .set({ used_at: now })
        .where('state', '=', row.state)
        .where('used_at', 'is', null)
        .executeTakeFirst()
      if (Number(used.numUpdatedRows) !== 1) throw new ServiceError('INVALID_REQUEST', ALREADY_PROCESSED)

      const user = await provider.exchange({
        code: payload.code,
        state: row.state,
        codeVerifier: row.code_verifier,
        redirectUri: row.callback,
        now,
      })
      return linking ? link(ctx, payload.type, user, linking) : signIn(ctx, payload.type, user)
    },
  }
}

/** The callback must be the portal's own (an address on PUBLIC_URL's origin): the provider sends the code there. */
export function portalCallback(callback: string, publicUrl: string): string {
  const url = new URL(callback)
  if (url.origin !== new URL(publicUrl).origin) {
    throw new ServiceError('INVALID_REQUEST', `The callback address must be on ${new URL(publicUrl).origin}.`)
  }
  return url.toString()
}

export const providerIdUpdate = (type: ProviderName, id: string | null) =>
  type === 'github' ? { github_id: id } : { google_id: id }

async function accountFor(db: DB, email: string) {
  return db
    .selectFrom('accounts')
    .select(['email', 'admin', 'github_id', 'google_id'])
    .where('email', '=', email)
    .executeTakeFirst()
}

/**
 * Sign-in: the account whose provider id this is; else, at first link, the account of the provider's verified email
 * address (which then keeps the id). An address that owns, holds and is assigned nothing is NO_USER either way.
 */
async function signIn(
  ctx: ServiceContext,
  type: ProviderName,
  user: ProviderUser,
): Promise<Result<'completeAuthentication'>> {
  const column = providerColumns[type]
  const label = providerLabels[type]
  const now = ctx.now()
  let email = (await ctx.db.selectFrom('accounts').select('email').where(column, '=', user.id).executeTakeFirst())
    ?.email
  if (!email && user.verifiedEmail) {
    const candidate = user.verifiedEmail
    await refuseWhenCompanySignInRequired(ctx.db, candidate)
    if (!(await mayEnter(ctx, candidate))) {
      throw new ServiceError(
        'NO_USER',
        `No licenses are associated with ${candidate}, the verified email address of this ${label} account.`,
      )
    }
    await inTransaction(ctx.db, async (trx) => {
      await trx
        .insertInto('accounts')
        .values({
          email: candidate,
          admin: 0,
          logon_link: 'default',
          github_id: null,
          google_id: null,
          created_at: now,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute()
      const linked = await trx
        .updateTable('accounts')
        .set(providerIdUpdate(type, user.id))
        .where('email', '=', candidate)
        .where(column, 'is', null)
        .executeTakeFirst()
      if (Number(linked.numUpdatedRows) !== 1) {
        throw new ServiceError('NO_USER', `${candidate} is linked to a different ${label} account.`)
      }
      await recordActivity(trx, {
        kind: 'account',
        actor: candidate,
        account: candidate,
        summary: `linked ${label} sign-in`,
        at: now,
      })
    })
    email = candidate
  }
  if (!email) {
    throw new ServiceError(
      'NO_USER',
      `No licenses are associated with this ${label} account (it has no verified email address we know).`,
    )
  }
  await refuseWhenCompanySignInRequired(ctx.db, email)
  if (!(await mayEnter(ctx, email))) throw new ServiceError('NO_USER')
  await joinByDomain(ctx, email)
  const account = await accountFor(ctx.db, email)
  const session = await startSession(ctx.db, email, now)
  return { completed: true, session, email, admin: account?.admin === 1 }
}

/** Linking: the provider id goes to the account that asked (its credential is repeated as `session`). */
async function link(
  ctx: ServiceContext,
  type: ProviderName,
  user: ProviderUser,
  { email, credential }: { email: string; credential: string },
): Promise<Result<'completeAuthentication'>> {
  const column = providerColumns[type]
  const holder = await ctx.db.selectFrom('accounts').select('email').where(column, '=', user.id).executeTakeFirst()
  if (holder && holder.email !== email) {
    throw new ServiceError(
      'USER_EXISTS',
      `This ${providerLabels[type]} account is already linked to another email address.`,
    )
  }
  await inTransaction(ctx.db, async (trx) => {
    const linked = await trx
      .updateTable('accounts')
      .set(providerIdUpdate(type, user.id))
      .where('email', '=', email)
      .where((eb) => eb.or([eb(column, 'is', null), eb(column, '!=', user.id)]))
      .executeTakeFirst()
    if (Number(linked.numUpdatedRows) === 0) return
    await recordActivity(trx, {
      kind: 'account',
      actor: email,
      account: email,
      summary: `linked ${providerLabels[type]} sign-in`,
      at: ctx.now(),
    })
  })
  const account = await accountFor(ctx.db, email)
  if (!account) throw new ServiceError('NO_USER')
  return { completed: true, session: credential, email, admin: account.admin === 1, linked: type }
}
