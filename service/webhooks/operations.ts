// The Webhooks dialog's calls; the signing secret is answered once, on add, and never again.
import crypto from 'node:crypto'
import type { Selectable } from 'kysely'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { labelled } from '../../protocol/shared/text.js'
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_DELIVERIES_SHOWN,
  webhookSecretShownOnce,
} from '../../protocol/webhooks/webhooks.js'
import type { WebhookDelivery, WebhookEndpoint } from '../../protocol/webhooks/operations.js'
import { recordActivity } from '../activity/log.js'
import { newId } from '../db/ids.js'
import { inTransaction } from '../db/transaction.js'
import type { ServiceContext } from '../dispatch/context.js'
import { ServiceError } from '../dispatch/errors.js'
import { requireCompanyAdministrator } from '../auth/policy.js'
import type { OperationHandlers } from '../operations/handlers.js'
import { allowedAddresses, systemResolve, type Resolve } from './addresses.js'
import { parseEvents, type WebhookEndpointTable } from './tables.js'

/** Tests put a resolver of their own here (a name that resolves to a private address). */
export const webhookResolver: { resolve: Resolve } = { resolve: systemResolve }

const requireWebhookManager = (ctx: ServiceContext, companyId: string) =>
  requireCompanyAdministrator(ctx, companyId, "Only the company's administrators may manage its webhooks.")

const notFound = () => new ServiceError('NOT_FOUND', 'This webhook endpoint was not found; it may have been removed.')

async function endpointOf(ctx: ServiceContext, companyId: string, endpointId: string) {
  const row = await ctx.db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', endpointId)
    .where('company_id', '=', companyId)
    .executeTakeFirst()
  if (!row) throw notFound()
  return row
}

function toEndpoint(row: Selectable<WebhookEndpointTable>, deliveries: WebhookDelivery[]): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: parseEvents(row.events),
    state: row.state,
    pausedReason: row.paused_reason,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    failingSince: row.failing_since === null ? null : Number(row.failing_since),
    deliveries,
  }
}

async function retrieveWebhooks(
  payload: ParsedPayload<'retrieveWebhooks'>,
  ctx: ServiceContext,
): Promise<Result<'retrieveWebhooks'>> {
  const { company } = await requireWebhookManager(ctx, payload.companyId)
  const store = ctx.db
  const rows = await store
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('company_id', '=', company.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  const endpoints: WebhookEndpoint[] = []
  for (const row of rows) {
    const deliveries = await store
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_messages as m', 'm.id', 'd.message_id')
      .select([
        'd.id',
        'd.message_id',
        'm.type',
        'd.state',
        'd.attempts',
        'd.created_at',
        'd.last_attempt_at',
        'd.last_status',
        'd.last_error',
        'd.next_attempt_at',
      ])
      .where('d.endpoint_id', '=', row.id)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(WEBHOOK_DELIVERIES_SHOWN)
      .execute()
    endpoints.push(
      toEndpoint(
        row,
        deliveries.map((d) => ({
          id: d.id,
          messageId: d.message_id,
          type: d.type,
          state: d.state,
          attempts: d.attempts,
          createdAt: Number(d.created_at),
          lastAttemptAt: d.last_attempt_at === null ? null : Number(d.last_attempt_at),
          lastStatus: d.last_status,
          lastError: d.last_error,
          nextAttemptAt: d.next_attempt_at === null ? null : Number(d.next_attempt_at),
        })),
      ),
    )
  }
  return { companyName: company.name, endpoints }
}

async function addWebhookEndpoint(
  payload: ParsedPayload<'addWebhookEndpoint'>,
  ctx: ServiceContext,
): Promise<Result<'addWebhookEndpoint'>> {
  const { company, actor } = await requireWebhookManager(ctx, payload.companyId)
  const url = new URL(payload.url).toString()
  try {
    await allowedAddresses(url, ctx.config.webhooks, webhookResolver.resolve)
  } catch (err) {
    throw new ServiceError('INVALID_REQUEST', `This endpoint cannot be used: ${(err as Error).message}.`)
  }
  const events = [...new Set(payload.events)]
  // Standard Webhooks secrets: 24 to 64 random bytes, base64, after `whsec_`.
  const secret = `whsec_${crypto.randomBytes(32).toString('base64')}`
  const now = ctx.now()
  const creationKey = ctx.idempotencyKey ?? null
  const row = await inTransaction(ctx.db, async (trx) => {
    // The company's row first: two administrators adding at once are counted one after the other.
    await trx
      .updateTable('companies')
      .set((eb) => ({ name: eb.ref('name') }))
      .where('id', '=', company.id)
      .execute()
    if (creationKey !== null) {
      const made = await trx
        .selectFrom('webhook_endpoints')
        .select('id')
        .where('company_id', '=', company.id)
        .where('created_by', '=', actor)
        .where('creation_key', '=', creationKey)
        .executeTakeFirst()
      if (made) throw new ServiceError('INVALID_STATE', webhookSecretShownOnce)
    }
    const existing = await trx
      .selectFrom('webhook_endpoints')
      .select(['url'])
      .where('company_id', '=', company.id)
      .execute()
    if (existing.some((e) => e.url === url)) {
      throw new ServiceError('INVALID_REQUEST', `${company.name} already has an endpoint at ${url}; change that one.`)
    }
    if (existing.length >= MAX_WEBHOOK_ENDPOINTS) {
      throw new ServiceError(
        'INVALID_REQUEST',
        `${company.name} has ${MAX_WEBHOOK_ENDPOINTS} endpoints, the most it may have; remove one first.`,
      )
    }
    const values = {
      id: newId('whe'),
      company_id: company.id,
      url,
      events: JSON.stringify(events),
      secret,
      state: 'active' as const,
      paused_reason: null,
      failing_since: null,
      created_by: actor,
      creation_key: creationKey,
      created_at: now,
    }
    await trx.insertInto('webhook_endpoints').values(values).execute()
    await recordActivity(trx, {
      kind: 'webhook',
      actor,
      companyId: company.id,
      summary: `added ${labelled('the webhook endpoint', url, 500)} for ${events.join(', ')}`,
      at: now,
    })
    return values
  })
  return { endpoint: toEndpoint(row, []), secret }
}

async function setWebhookEndpointState(
  payload: ParsedPayload<'setWebhookEndpointState'>,
  ctx: ServiceContext,
): Promise<Result<'setWebhookEndpointState'>> {
  const { company, actor } = await requireWebhookManager(ctx, payload.companyId)
  const row = await endpointOf(ctx, company.id, payload.endpointId)
  if (row.state === payload.state) return { completed: true }
  const now = ctx.now()
  await inTransaction(ctx.db, async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable('webhook_endpoints')
      .set(
        payload.state === 'paused'
          ? { state: 'paused', paused_reason: `Paused by ${actor}.` }
          : { state: 'active', paused_reason: null, failing_since: null },
      )
      .where('id', '=', row.id)
      .where('state', '=', row.state)
      .executeTakeFirst()
    // Another administrator did the same meanwhile: nothing to log twice.
    if (numUpdatedRows !== 1n) return
    await recordActivity(trx, {
      kind: 'webhook',
      actor,
      companyId: company.id,
      summary: `${payload.state === 'paused' ? 'paused' : 'resumed'} ${labelled('the webhook endpoint', row.url, 500)}`,
      at: now,
    })
  })
  return { completed: true }
}

async function removeWebhookEndpoint(
  payload: ParsedPayload<'removeWebhookEndpoint'>,
  ctx: ServiceContext,
): Promise<Result<'removeWebhookEndpoint'>> {
  const { company, actor } = await requireWebhookManager(ctx, payload.companyId)
  const now = ctx.now()
  await inTransaction(ctx.db, async (trx) => {
    const row = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'url'])
      .where('id', '=', payload.endpointId)
      .where('company_id', '=', company.id)
      .executeTakeFirst()
    // Removed already (a repeat, or another administrator): done.
    if (!row) return
    await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', row.id).execute()
    await trx.deleteFrom('webhook_endpoints').where('id', '=', row.id).execute()
    await recordActivity(trx, {
      kind: 'webhook',
      actor,
      companyId: company.id,
      summary: `removed ${labelled('the webhook endpoint', row.url, 500)}`,
      at: now,
    })
  })
  return { completed: true }
}

async function resendWebhookDelivery(
  payload: ParsedPayload<'resendWebhookDelivery'>,
  ctx: ServiceContext,
): Promise<Result<'resendWebhookDelivery'>> {
  const { company } = await requireWebhookManager(ctx, payload.companyId)
  const endpoint = await endpointOf(ctx, company.id, payload.endpointId)
  const store = ctx.db
  const delivery = await store
    .selectFrom('webhook_deliveries')
    .select(['message_id'])
    .where('id', '=', payload.deliveryId)
    .where('endpoint_id', '=', endpoint.id)
    .executeTakeFirst()
  if (!delivery) throw new ServiceError('NOT_FOUND', 'This delivery was not found; it may have been removed.')
  if (endpoint.state !== 'active') {
    throw new ServiceError('INVALID_STATE', 'This endpoint is paused: resume it first, then send again.')
  }
  const now = ctx.now()
  // Once per message while one is waiting: a repeated press (or a retried request) adds nothing.
  await inTransaction(ctx.db, async (trx) => {
    const waiting = await trx
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('message_id', '=', delivery.message_id)
      .where('endpoint_id', '=', endpoint.id)
      .where('state', '=', 'pending')
      .where('attempts', '=', 0)
      .executeTakeFirst()
    if (waiting) return
    await trx
      .insertInto('webhook_deliveries')
      .values({
        id: newId('dlv'),
        message_id: delivery.message_id,
        endpoint_id: endpoint.id,
        state: 'pending',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      })
      .execute()
  })
  return { completed: true }
}

export const webhookOperationHandlers: OperationHandlers = {
  retrieveWebhooks,
  addWebhookEndpoint,
  setWebhookEndpointState,
  removeWebhookEndpoint,
  resendWebhookDelivery,
}
