// Company sign-in: state, nonce and PKCE verifier kept here (used once, 10 minutes); the address the provider vouches
// for signs in only at one of the company's verified domains, so a provider cannot sign in anyone for another domain.
import * as client from 'openid-client'
import { COMPANY_SIGN_IN_CALLBACK_PATH } from '../../protocol/company-sign-in/company-sign-in.js'
import { domainOfEmail } from '../../protocol/domains/domains.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { startSession } from '../auth/sessions.js'
import { joinByDomain } from '../domains/auto-join.js'
import type { ServiceContext } from '../dispatch/context.js'
import { ServiceError } from '../dispatch/errors.js'
import type { OperationHandlers } from '../operations/handlers.js'
import { ensureAccount, mayEnter } from '../operations/session.js'
import { ALREADY_PROCESSED, portalCallback, STATE_MAX_AGE_MS, STATE_RETENTION_MS } from '../identity/adapter.js'
import { authorizationUrl, exchangeCode, type ProviderSettings } from './oidc-client.js'
import { companySignInOf } from './oidc-required.js'
import { openSecret } from './oidc-secrets.js'

async function settingsOf(ctx: ServiceContext, companyId: string): Promise<ProviderSettings> {
  const row = await ctx.db
    .selectFrom('company_sign_in as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.issuer', 's.client_id', 's.client_secret', 'c.name'])
    .where('s.company_id', '=', companyId)
    .executeTakeFirst()
  if (!row) throw new ServiceError('NOT_FOUND', 'This company has no single sign-on set up any more.')
  const clientSecret = openSecret(ctx.config.signInKey, companyId, row.client_secret)
  if (clientSecret === null) {
    // The configured key changed since the secret was saved.
    throw new ServiceError(
      'PROVIDER_ERROR',
      `${row.name}'s single sign-on cannot be used: an administrator must enter its client secret again.`,
    )
  }
  return { companyName: row.name, issuer: row.issuer, clientId: row.client_id, clientSecret }
}

async function companySignInFor(
  payload: ParsedPayload<'companySignInFor'>,
  ctx: ServiceContext,
): Promise<Result<'companySignInFor'>> {
  const signIn = await companySignInOf(ctx.db, payload.email)
  return { company: signIn ? { name: signIn.companyName, required: signIn.required } : null }
}

async function startCompanySignIn(
  payload: ParsedPayload<'startCompanySignIn'>,
  ctx: ServiceContext,
): Promise<Result<'startCompanySignIn'>> {
  const signIn = await companySignInOf(ctx.db, payload.email)
  if (!signIn) {
    const domain = domainOfEmail(payload.email) ?? payload.email
    throw new ServiceError(
      'NOT_FOUND',
      `There is no company single sign-on for ${domain} addresses; sign in with an email link instead.`,
    )
  }
  const redirectUri = portalCallback(payload.callback, ctx.config.publicUrl)
  if (new URL(redirectUri).pathname !== COMPANY_SIGN_IN_CALLBACK_PATH) {
    throw new ServiceError('INVALID_REQUEST', `The callback address must be ${COMPANY_SIGN_IN_CALLBACK_PATH}.`)
  }
  const settings = await settingsOf(ctx, signIn.companyId)
  const now = ctx.now()
  const request = {
    state: client.randomState(),
    company_id: signIn.companyId,
    nonce: client.randomNonce(),
    code_verifier: client.randomPKCECodeVerifier(),
    callback: redirectUri,
    email: payload.email,
    created_at: now,
    used_at: null,
  }
  const url = await authorizationUrl(settings, ctx.config.devTools, {
    state: request.state,
    nonce: request.nonce,
    codeVerifier: request.code_verifier,
    redirectUri,
    loginHint: payload.email,
  })
  const db = ctx.db
  await db
    .deleteFrom('company_sign_in_requests')
    .where('created_at', '<', now - STATE_RETENTION_MS)
    .execute()
  await db.insertInto('company_sign_in_requests').values(request).execute()
  return { redirect: url.toString(), companyName: signIn.companyName }
}

async function completeCompanySignIn(
  payload: ParsedPayload<'completeCompanySignIn'>,
  ctx: ServiceContext,
): Promise<Result<'completeCompanySignIn'>> {
  const now = ctx.now()
  const db = ctx.db
  const row = await db
    .selectFrom('company_sign_in_requests')
    .selectAll()
    .where('state', '=', payload.state)
    .executeTakeFirst()
  if (!row || row.used_at !== null || now - Number(row.created_at) > STATE_MAX_AGE_MS) {
    throw new ServiceError('INVALID_REQUEST', ALREADY_PROCESSED)
  }
  // Used up before the code goes to the provider: of two uses of one answer (a replay, a double click), one goes on.
  const used = await db
    .updateTable('company_sign_in_requests')
    .set({ used_at: now })
    .where('state', '=', row.state)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  if (Number(used.numUpdatedRows) !== 1) throw new ServiceError('INVALID_REQUEST', ALREADY_PROCESSED)

  const settings = await settingsOf(ctx, row.company_id)
  const name = settings.companyName
  const callbackUrl = new URL(row.callback)
  callbackUrl.searchParams.set('code', payload.code)
  callbackUrl.searchParams.set('state', payload.state)
  if (payload.iss !== undefined) callbackUrl.searchParams.set('iss', payload.iss)
  const user = await exchangeCode(settings, ctx.config.devTools, {
    callbackUrl,
    state: row.state,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    redirectUri: row.callback,
  })
  const email = user.email
  if (!email) {
    throw new ServiceError(
      'PROVIDER_ERROR',
      `${name}'s single sign-on did not say which email address signed in; ask your administrator to release the email claim.`,
    )
  }
  if (!user.emailVerified) {
    throw new ServiceError(
      'PROVIDER_ERROR',
      `${name}'s single sign-on does not vouch that ${email} is a verified address.`,
    )
  }
  const signIn = await companySignInOf(ctx.db, email)
  if (signIn?.companyId !== row.company_id) {
    throw new ServiceError(
      'PROVIDER_ERROR',
      `${email} is not at a verified domain of ${name}, so ${name}'s single sign-on cannot sign it in.`,
    )
  }
  if (!(await mayEnter(ctx, email))) throw new ServiceError('NO_USER', `No licenses are associated with ${email}.`)
  await joinByDomain(ctx, email)
  await ensureAccount(ctx, email, now)
  const account = await ctx.db.selectFrom('accounts').select('admin').where('email', '=', email).executeTakeFirst()
  const session = await startSession(ctx.db, email, now)
  return { completed: true, session, email, admin: account?.admin === 1 }
}

export const companySignInOperationHandlers: OperationHandlers = {
  companySignInFor,
  startCompanySignIn,
  completeCompanySignIn,
}
