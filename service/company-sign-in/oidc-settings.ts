// A company's sign-in settings, kept by its administrators and platform administrators: saving reads the issuer's
// discovery document first, so an issuer that does not answer as an OpenID provider is refused with what went wrong.
import { COMPANY_SIGN_IN_CALLBACK_PATH, clientSecretRequired } from '../../protocol/company-sign-in/company-sign-in.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { oneLine } from '../../protocol/shared/text.js'
import { recordActivity } from '../activity/log.js'
import type { ServiceContext } from '../dispatch/context.js'
import { ServiceError } from '../dispatch/errors.js'
import { inTransaction } from '../db/transaction.js'
import { requireDomainManager } from '../domains/domains.js'
import type { OperationHandlers } from '../operations/handlers.js'
import { discover, discoveryProblem, issuerProblem } from './oidc-client.js'
import { openSecret, sealSecret } from './oidc-secrets.js'

async function retrieveCompanySignIn(
  payload: ParsedPayload<'retrieveCompanySignIn'>,
  ctx: ServiceContext,
): Promise<Result<'retrieveCompanySignIn'>> {
  const { company } = await requireDomainManager(ctx, payload.companyId)
  const db = ctx.db
  const [row, domains] = await Promise.all([
    db.selectFrom('company_sign_in').selectAll().where('company_id', '=', company.id).executeTakeFirst(),
    db
      .selectFrom('company_domains')
      .select('domain')
      .where('company_id', '=', company.id)
      .where('status', '=', 'verified')
      .orderBy('domain')
      .execute(),
  ])
  return {
    companyName: company.name,
    redirectUri: `${ctx.config.publicUrl}${COMPANY_SIGN_IN_CALLBACK_PATH}`,
    verifiedDomains: domains.map((d) => d.domain),
    settings: row
      ? {
          issuer: row.issuer,
          clientId: row.client_id,
          secretSet: openSecret(ctx.config.signInKey, company.id, row.client_secret) !== null,
          required: row.required === 1,
          updatedAt: Number(row.updated_at),
          updatedBy: row.updated_by,
        }
      : null,
  }
}

async function updateCompanySignIn(
  payload: ParsedPayload<'updateCompanySignIn'>,
  ctx: ServiceContext,
): Promise<Result<'updateCompanySignIn'>> {
  const { company, actor } = await requireDomainManager(ctx, payload.companyId)
  const { issuer, clientId, required } = payload
  const problem = await issuerProblem(issuer, ctx.config.devTools)
  if (problem) throw new ServiceError('INVALID_REQUEST', problem)
  const db = ctx.db
  const before = await db
    .selectFrom('company_sign_in')
    .selectAll()
    .where('company_id', '=', company.id)
    .executeTakeFirst()
  const kept = before ? openSecret(ctx.config.signInKey, company.id, before.client_secret) : null
  const clientSecret = payload.clientSecret !== '' ? payload.clientSecret : kept
  if (clientSecret === null) throw new ServiceError('INVALID_REQUEST', clientSecretRequired)
  await discover({ companyName: company.name, issuer, clientId, clientSecret }, ctx.config.devTools, ctx.now()).catch(
    (err: unknown) => {
      throw new ServiceError('INVALID_REQUEST', discoveryProblem(issuer, err))
    },
  )
  const changes = [
    ...(before?.issuer !== issuer ? [`issuer ${oneLine(issuer, 200)}`] : []),
    ...(before?.client_id !== clientId ? [`client ID ${oneLine(clientId, 200)}`] : []),
    ...(payload.clientSecret !== '' && payload.clientSecret !== kept
      ? [before ? 'a new client secret' : 'a client secret']
      : []),
    ...(!before || (before.required === 1) !== required
      ? [required ? 'required for people at verified domains' : 'not required']
      : []),
  ]
  // A repeated save of the same settings changes nothing and logs nothing.
  if (before && changes.length === 0) return { completed: true }
  const now = ctx.now()
  const row = {
    company_id: company.id,
    issuer,
    client_id: clientId,
    client_secret:
      clientSecret === kept && before
        ? before.client_secret
        : sealSecret(ctx.config.signInKey, company.id, clientSecret),
    required: required ? 1 : 0,
    updated_by: actor,
    updated_at: now,
  }
  await inTransaction(ctx.db, async (trx) => {
    await trx
      .insertInto('company_sign_in')
      .values(row)
      .onConflict((oc) => oc.column('company_id').doUpdateSet(row))
      .execute()
    await recordActivity(trx, {
      kind: 'domain',
      actor,
      companyId: company.id,
      summary: `${before ? 'changed' : 'set up'} company sign-in: ${changes.join(', ')}`,
      at: now,
    })
  })
  return { completed: true }
}

async function removeCompanySignIn(
  payload: ParsedPayload<'removeCompanySignIn'>,
  ctx: ServiceContext,
): Promise<Result<'removeCompanySignIn'>> {
  const { company, actor } = await requireDomainManager(ctx, payload.companyId)
  await inTransaction(ctx.db, async (trx) => {
    // Of two removals at once, one deletes the row; the other is told there is nothing to remove.
    const removed = await trx.deleteFrom('company_sign_in').where('company_id', '=', company.id).executeTakeFirst()
    if (Number(removed.numDeletedRows) !== 1) {
      throw new ServiceError('NOT_FOUND', `${company.name} has no company sign-in set up.`)
    }
    await recordActivity(trx, {
      kind: 'domain',
      actor,
      companyId: company.id,
      summary: 'removed company sign-in',
      at: ctx.now(),
    })
  })
  return { completed: true }
}

export const companySignInSettingsHandlers: OperationHandlers = {
  retrieveCompanySignIn,
  updateCompanySignIn,
  removeCompanySignIn,
}
