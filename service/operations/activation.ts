// Machine activation (spec §2, §8, §9): the limit of 3 is checked in one transaction that first locks the license.
import * as z from 'zod/mini'
import type { Activation } from '../../protocol/entities.js'
import { ACTIVATION_LIMIT, isExpired, activationMessages } from '../../protocol/licenses/licenses.js'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { labelled } from '../../protocol/shared/text.js'
import type { ServiceContext } from '../dispatch/context.js'
import type { DB } from '../db/database.js'
import { newId } from '../db/ids.js'
import type { ActivationTable, LicenseRow } from '../db/schema.js'
import { ServiceError } from '../dispatch/errors.js'
import { administratorsOf } from '../auth/policy.js'
import { consumeToken, issueToken, peekToken } from '../auth/tokens.js'
import { mailBudgetRefusal, spendMailBudget } from '../auth/mail-budget.js'
import type { Selectable } from 'kysely'
import type { OperationHandlers } from './handlers.js'
import { inTransaction } from '../db/transaction.js'
import { emit, licenseData } from '../webhooks/emit.js'
import { licenseWords, recordActivity } from '../activity/log.js'
import { displayName } from '../../protocol/catalog/products.js'
import { activeMachines, deactivateMachines, lockLicense, noteSeen } from '../machines/machines.js'
import { recordActivationRefusal, recordLicenseCheck } from '../usage/recording.js'

export const normalizeHostname = (hostname: string) => hostname.trim().toLowerCase()

const day = (epoch: number) => new Date(epoch).toISOString().slice(0, 10)

async function licenseByKey(db: DB, licenseKey: string): Promise<LicenseRow | undefined> {
  return db.selectFrom('licenses').selectAll().where('license_key', '=', licenseKey.trim()).executeTakeFirst()
}

/** Its assignee; else the owner of a personal license; else the company's administrators. */
export async function licenseHolders(db: DB, license: LicenseRow): Promise<string[]> {
  if (license.assigned_to) return [license.assigned_to]
  if (license.license_type === 'personal') return [license.owner]
  return administratorsOf(db, license.company_id ?? license.owner)
}

const toActivation = (row: Selectable<ActivationTable>): Activation => ({
  key: row.id,
  hostname: row.hostname,
  activationTime: row.activation_time ?? row.requested_at,
})

async function activation(payload: ParsedPayload<'activation'>, ctx: ServiceContext): Promise<Result<'activation'>> {
  const now = ctx.now()
  const hostname = normalizeHostname(payload.hostname)
  if (!hostname) throw new ServiceError('INVALID_REQUEST', 'A host name is required.')
  const license = await licenseByKey(ctx.db, payload.licenseKey)
  if (!license) throw new ServiceError('INVALID_REQUEST', 'Unknown license key.')
  if (isExpired(license, now))
    throw new ServiceError('INVALID_STATE', `This license expired on ${day(license.expiration)}.`)

  const active = await ctx.db
    .selectFrom('activations')
    .select('id')
    .where('license_id', '=', license.id)
    .where('hostname', '=', hostname)
    .where('status', '=', 'active')
    .executeTakeFirst()
  if (active) {
    await noteSeen(ctx.db, active.id, now)
    return { completed: true, pending: false, expiration: license.expiration }
  }

  const holders = await licenseHolders(ctx.db, license)
  if (holders.length === 0)
    throw new ServiceError('NO_USER', 'No email address found for this license to confirm the activation.')
  const recipients = await withinMailBudget(ctx, holders, now)

  // One pending activation per machine: asking again sends fresh links for the same one.
  const tokens = await inTransaction(ctx.db, async (trx) => {
    const pending = await trx
      .selectFrom('activations')
      .select('id')
      .where('license_id', '=', license.id)
      .where('hostname', '=', hostname)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    const activationId = pending?.id ?? newId('act')
    if (pending) {
      await trx.updateTable('activations').set({ requested_at: now }).where('id', '=', activationId).execute()
    } else {
      await trx
        .insertInto('activations')
        .values({
          id: activationId,
          license_id: license.id,
          hostname,
          status: 'pending',
          requested_at: now,
          activation_time: null,
        })
        .execute()
    }
    const issued: Array<{ email: string; token: string }> = []
    for (const email of recipients) {
      issued.push({
        email,
        token: await issueToken(trx, ctx.codec, { purpose: 'activation', email, data: { activationId }, now }),
      })
    }
    return issued
  })

  const product = displayName({ productName: license.product_name, trial: license.trial === 1 })
  // Kept in lower case to be compared; the mail names it as the editor reported it, so the person knows it.
  const reported = payload.hostname.trim()
  for (const { email, token } of tokens) {
    await ctx.mailer.send({
      to: email,
      subject: `Confirm the activation of ${product} on ${labelled('the machine', reported, 60)}`,
      text: [
        'Hello,',
        '',
        `An editor on ${labelled('the machine', reported)} (its name as the editor reported it) asked to activate the license ${product} (order ${license.order_id}, key #${license.key_number}).`,
        'To confirm this activation, open this link:',
        '',
        `${ctx.config.publicUrl}/activate/${token}`,
        '',
        `The link is valid for 24 hours. A license can be active on up to ${ACTIVATION_LIMIT} machines; when it already is, the page lets you choose machines to deactivate.`,
        'If you did not ask for this, you can ignore this email.',
      ].join('\n'),
    })
  }
  return { completed: true, pending: true }
}

/** When no holder's mail budget allows another mail, refused, saying when to try again. */
async function withinMailBudget(ctx: ServiceContext, holders: string[], now: number): Promise<string[]> {
  const within: string[] = []
  let retryAt = Infinity
  for (const address of holders) {
    const spent = await spendMailBudget(ctx.db, { kind: 'activation', address, mails: ctx.config.mailPerAddress, now })
    if (spent.ok) within.push(address)
    else retryAt = Math.min(retryAt, spent.retryAt)
  }
  if (within.length === 0)
    throw mailBudgetRefusal('activation', '', retryAt - now, {
      mails: ctx.config.mailPerAddress,
      production: ctx.config.production,
    })
  return within
}

/** An unknown key is simply not valid. */
async function licenseCheck(
  payload: ParsedPayload<'licenseCheck'>,
  ctx: ServiceContext,
): Promise<Result<'licenseCheck'>> {
  const license = await licenseByKey(ctx.db, payload.licenseKey)
  if (!license) return { valid: false }
  const active = await ctx.db
    .selectFrom('activations')
    .select('id')
    .where('license_id', '=', license.id)
    .where('hostname', '=', normalizeHostname(payload.hostname))
    .where('status', '=', 'active')
    .executeTakeFirst()
  if (!active) return { valid: false }
  await noteSeen(ctx.db, active.id, ctx.now())
  await recordLicenseCheck(ctx.db, license, ctx.now())
  return { valid: !isExpired(license, ctx.now()), expiration: license.expiration, productName: license.product_name }
}

/** The store keeps no repository for Open Source licenses, so `repository` does not narrow the check. */
async function ossLicenseCheck(
  payload: ParsedPayload<'ossLicenseCheck'>,
  ctx: ServiceContext,
): Promise<Result<'ossLicenseCheck'>> {
  const license = await licenseByKey(ctx.db, payload.licenseKey)
  if (!license || !/open source/i.test(license.product_name)) return { valid: false }
  return { valid: !isExpired(license, ctx.now()), expiration: license.expiration }
}

const ActivationData = z.object({ activationId: z.string().check(z.minLength(1)) })

/** With 3 others active and none freed: `{ activations }`, nothing changed; else all in one transaction. */
async function confirmActivation(
  payload: ParsedPayload<'confirmActivation'>,
  ctx: ServiceContext,
): Promise<Result<'confirmActivation'>> {
  const now = ctx.now()
  const token = await peekToken(ctx.db, ctx.codec, payload.passthrough, 'activation', now)
  const data = ActivationData.safeParse(token.data)
  if (!data.success) throw new ServiceError('INVALID_SIGNATURE')
  const { activationId } = data.data

  return inTransaction(ctx.db, async (trx) => {
    const requested = await trx
      .selectFrom('activations')
      .select('license_id')
      .where('id', '=', activationId)
      .executeTakeFirst()
    if (!requested) throw new ServiceError('NO_ACTIVATION', activationMessages.NO_ACTIVATION)
    // Confirmations of the same license run one after another and each sees the others' activations.
    await lockLicense(trx, requested.license_id)

    const row = await trx.selectFrom('activations').selectAll().where('id', '=', activationId).executeTakeFirstOrThrow()
    if (row.status === 'active')
      throw new ServiceError('ALREADY_ACTIVATED', `The license is already active on ${row.hostname}.`)
    if (row.status !== 'pending') throw new ServiceError('NO_ACTIVATION', activationMessages.NO_ACTIVATION)
    const license = await trx
      .selectFrom('licenses')
      .selectAll()
      .where('id', '=', row.license_id)
      .executeTakeFirstOrThrow()
    if (!(await licenseHolders(trx, license)).includes(token.email)) {
      throw new ServiceError('NO_USER', activationMessages.NO_USER)
    }
    if (isExpired(license, now))
      throw new ServiceError('INVALID_STATE', `This license expired on ${day(license.expiration)}.`)

    const active = await activeMachines(trx, license.id)
    if (active.some((a) => a.hostname === row.hostname)) {
      throw new ServiceError('ALREADY_ACTIVATED', `The license is already active on ${row.hostname}.`)
    }
    const chosen = active.filter((a) => payload.deactivate.includes(a.id))
    if (active.length - chosen.length >= ACTIVATION_LIMIT) {
      await recordActivationRefusal(trx, license, row.id, now)
      return { activations: active.map(toActivation) }
    }

    // The spec's flow replaces a machine with the one confirmed: not counted against My machines' budget.
    await deactivateMachines(
      trx,
      license.id,
      chosen.map((a) => a.id),
      { actor: token.email, now, counted: false },
    )
    await trx
      .updateTable('activations')
      .set({ status: 'active', activation_time: now, last_seen: now })
      .where('id', '=', row.id)
      .execute()
    await consumeToken(trx, ctx.codec, payload.passthrough, 'activation', now)
    await recordActivity(trx, {
      kind: 'activation',
      actor: token.email,
      companyId: license.company_id,
      account: token.email,
      summary: `activated ${licenseWords(license)} on ${labelled('the machine', row.hostname)}`,
      details: chosen.map((a) => `deactivated ${licenseWords(license)} on ${labelled('the machine', a.hostname)}`),
      at: now,
    })
    // This activation took the license's last free machine: the company hears of it (a webhook).
    if (active.length - chosen.length + 1 === ACTIVATION_LIMIT) {
      await emit(
        trx,
        license.company_id,
        [
          {
            type: 'activation.limit_reached',
            data: { license: licenseData(license), holder: token.email, activeMachines: ACTIVATION_LIMIT },
          },
        ],
        now,
      )
    }
    return { completed: true as const }
  })
}

export const activationOperations: OperationHandlers = {
  activation,
  licenseCheck,
  ossLicenseCheck,
  confirmActivation,
}
