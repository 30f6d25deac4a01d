/**
 * The REST API tests' fixture: a service with its endpoints on a local port, a company of its own with as many
 * licenses as a test needs, API tokens for it, and a client that speaks to `/api/v1/` over real HTTP.
 */
import crypto from 'node:crypto'
import createClient from 'openapi-fetch'
import { expect } from 'vitest'
import { createAccessToken } from '../../service/auth/access-tokens.js'
import type { AccessTokenScope } from '../../protocol/shared/access-tokens.js'
import type { LicensingService } from '../../service/index.js'
import type { NewLicense } from '../../service/db/schema.js'
import { demoRefs } from '../../demo/seed.js'
import { signInAs, startServed } from './service.js'
import type { paths } from './api-v1.js'
import { makeSubscription } from './subscriptions.js'

export type ApiAnswer = { status: number; body: Record<string, unknown>; headers: Headers }

export const DAY = 24 * 60 * 60 * 1000

export const startApi = startServed

/** A company with `licenses` Wallaby.js licenses (keys 1…n, an order per thousand; unexpired, free), 500 a query. */
export async function companyWithLicenses(
  service: LicensingService,
  id: string,
  licenses: number,
  now = Date.now(),
): Promise<string[]> {
  await service.db
    .insertInto('companies')
    .values({ id, name: `${id} Ltd`, created_at: now })
    .execute()
  // An order per thousand licenses, numbered as the shop numbers them.
  const orderOf = (i: number) => `7${String(Math.floor(i / 1000)).padStart(5, '0')}`
  const orders = [...new Set(Array.from({ length: licenses }, (_, i) => orderOf(i)))]
  await service.db
    .insertInto('orders')
    .values(
      orders.map((order) => ({
        id: `${id}-${order}`,
        owner: id,
        company_id: id,
        customer_name: `${id} Ltd`,
        customer_email: 'olivia@acme.test',
        referrer: null,
        currency: 'USD',
        amount: 0,
        provider_checkout_id: null,
        receipt_url: null,
        created_at: now,
      })),
    )
    .execute()
  const rows: NewLicense[] = Array.from({ length: licenses }, (_, i) => ({
    id: `${id}-lic-${String(i + 1).padStart(5, '0')}`,
    owner: id,
    company_id: id,
    order_id: `${id}-${orderOf(i)}`,
    license_key: `KEY-${id}-${i + 1}`,
    key_number: i + 1,
    product_name: 'Wallaby.js',
    product_group: 'wallaby',
    license_type: 'company',
    expiration: now + 365 * DAY,
    assigned_to: '',
    is_multi_user: 0,
    trial: 0,
    promotional: 0,
    subscription_id: null,
    billing_period: null,
    lapsing: 0,
    created_at: now,
  }))
  for (let i = 0; i < rows.length; i += 500) {
    await service.db
      .insertInto('licenses')
      .values(rows.slice(i, i + 500))
      .execute()
  }
  return rows.map((r) => r.id)
}

export async function apiToken(
  service: LicensingService,
  owner: { companyId: string } | { account: string },
  scopes: AccessTokenScope[] = ['read', 'seats', 'keys'],
  options: { name?: string; expiresAt?: number; now?: number } = {},
) {
  return createAccessToken(service.db, {
    kind: 'api',
    owner,
    name: options.name ?? 'Onboarding script',
    scopes,
    expiresAt: options.expiresAt,
    createdBy: 'olivia@acme.test',
    now: options.now ?? Date.now(),
  })
}

/** A company token made as an administrator makes one: the service's createApiToken, called by their own session. */
export async function adminMadeToken(
  service: LicensingService,
  credential: string,
  companyId: string,
  scopes: AccessTokenScope[],
  name: string,
) {
  const answer = await service.call({ createApiToken: { companyId, name, scopes } }, credential, crypto.randomUUID())
  return (answer.body as { createApiToken: { secret: string } }).createApiToken.secret
}

/** Acme's administrator signed in (`credential`), and the tokens she made: `{ reader: [['read'], 'Audit'] }`. */
export async function acmeAdminTokens<Name extends string>(
  service: LicensingService,
  made: Record<Name, [AccessTokenScope[], string]>,
) {
  const credential = await signInAs(service, 'olivia@acme.test')
  const secrets = {} as Record<Name, string>
  for (const [name, [scopes, label]] of Object.entries(made) as [Name, [AccessTokenScope[], string]][])
    secrets[name] = await adminMadeToken(service, credential, demoRefs.companies.acme, scopes, label)
  return { credential, ...secrets }
}

/** `api('GET', '/companies/x/licenses')`; a body is sent as JSON. */
export function apiClient(origin: string, secret: string | undefined) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${origin}/api/v1${path}`, {
      method,
      headers: {
        ...(secret ? { authorization: `Bearer ${secret}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    const text = await response.text()
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: response.headers,
    } satisfies ApiAnswer
  }
}

export type ApiClient = ReturnType<typeof apiClient>

/** The typed client (openapi-fetch with the types `npm run api:types` generates), as /developers shows it. */
export const typedApi = (origin: string, secret: string | undefined) =>
  createClient<paths>({
    baseUrl: `${origin}/api/v1`,
    headers: secret ? { authorization: `Bearer ${secret}` } : {},
  })

export type TypedApi = ReturnType<typeof typedApi>

/** openapi-fetch's answer as the problem checks read it. */
export const answered = (answer: { data?: unknown; error?: unknown; response: Response }): ApiAnswer => ({
  status: answer.response.status,
  body: (answer.data ?? answer.error ?? {}) as Record<string, unknown>,
  headers: answer.response.headers,
})

/** A problem details answer (RFC 9457) with this status and code, and this detail when one is given. */
export function expectProblem(answer: ApiAnswer, status: number, code: string, detail?: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status)
  expect(answer.headers.get('content-type')).toContain('application/problem+json')
  expect(answer.body).toMatchObject({ status, code, ...(detail ? { detail } : {}) })
}

/** Who did what in a company, newest first; of one kind when it is given. */
export function activityEntries(service: LicensingService, companyId: string, kind?: string) {
  const entries = service.db
    .selectFrom('activity_entries')
    .select(['actor', 'summary'])
    .where('company_id', '=', companyId)
  return (kind ? entries.where('kind', '=', kind) : entries).orderBy('id', 'desc').execute()
}

/** An extension offer in the subscription's own currency, paid from the United States. */
export const extensionOffer = { message: 'Extend for a year', currency: 'USD', priceGross: 92.8, country: 'US' }

/**
 * What the contract test's paths name besides the company and a license: a machine, a webhook delivery, a reclaim,
 * subscriptions (one paused past its term), an API and a SCIM token to revoke and a directory group.
 */
export async function contractFixtures(service: LicensingService, companyId: string, licenses: string[]) {
  const now = Date.now()
  const ids = { machineKey: `act-${companyId}`, endpointId: `whe-${companyId}`, deliveryId: `whd-${companyId}` }
  await service.db
    .insertInto('activations')
    .values({
      id: ids.machineKey,
      license_id: licenses[0],
      hostname: 'build-agent-1',
      status: 'active',
      requested_at: now,
      activation_time: now,
    })
    .execute()
  const webhooks = service.db
  await webhooks
    .insertInto('webhook_endpoints')
    .values({
      id: ids.endpointId,
      company_id: companyId,
      url: 'https://hooks.example.com/contract',
      events: '["seat.assigned"]',
      secret: 'whsec_Y29udHJhY3Q=',
      state: 'active',
      paused_reason: null,
      failing_since: null,
      created_by: 'olivia@acme.test',
      created_at: now,
    })
    .execute()
  const message = `msg-${companyId}`
  await webhooks
    .insertInto('webhook_messages')
    .values({
      id: message,
      company_id: companyId,
      type: 'seat.assigned',
      payload: '{}',
      dedupe_key: null,
      created_at: now,
    })
    .execute()
  await webhooks
    .insertInto('webhook_deliveries')
    .values({
      id: ids.deliveryId,
      message_id: message,
      endpoint_id: ids.endpointId,
      state: 'failed',
      attempts: 8,
      next_attempt_at: null,
      claimed_by: null,
      claimed_until: null,
      last_attempt_at: now,
      last_status: 500,
      last_error: 'HTTP 500',
      created_at: now,
    })
    .execute()
  const reclaimId = `rcl-${companyId}`
  await service.db
    .insertInto('seat_reclaims')
    .values({
      id: reclaimId,
      company_id: companyId,
      license_id: licenses[2],
      holder: 'sam@example.com',
      idle_days: 30,
      reclaimed_at: now,
      undone_at: null,
      undone_by: null,
    })
    .execute()
  const subscription = await makeSubscription(service.db, { now, companyId, quantity: 2 })
  // Paused, its paid term over: what a restart is for.
  const paused = await makeSubscription(service.db, { now, companyId, quantity: 1, state: 'paused', expiresIn: -5 })
  // Monthly with more than 90 days to run: what an upgrade is for; and one with an extension offer.
  const monthly = await makeSubscription(service.db, { now, companyId, billingPeriod: 'month', expiresIn: 120 })
  const offered = await makeSubscription(service.db, { now, companyId, specialOffer: extensionOffer })
  // Verified already: what auto-join is set on.
  const domain = `${companyId.replace(/_/g, '-')}.example`
  await service.db
    .insertInto('company_domains')
    .values({
      company_id: companyId,
      domain,
      token: 'c0ffee',
      status: 'verified',
      claimed_by: 'olivia@acme.test',
      claimed_at: now,
      verified_at: now,
      checked_at: now,
      check_outcome: 'found',
      check_message: null,
      failing_since: null,
    })
    .execute()
  const other = await apiToken(service, { companyId }, ['read'], { name: 'Retired script' })
  const scim = await createAccessToken(service.db, {
    kind: 'scim',
    owner: { companyId },
    name: 'Retired provider',
    scopes: ['scim'],
    createdBy: 'olivia@acme.test',
    now,
  })
  // A directory group, as the identity provider made it: what a mapping maps.
  const groupId = `grp-${companyId}`
  await service.db
    .insertInto('scim_groups')
    .values({
      id: groupId,
      company_id: companyId,
      display_name: 'Engineering',
      display_key: 'engineering',
      external_id: null,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute()
  return {
    groupId,
    productGroup: 'wallaby',
    scimTokenId: scim.token.id,
    domain,
    monthlySubscriptionId: monthly.id,
    offeredSubscriptionId: offered.id,
    ...ids,
    reclaimId,
    subscriptionId: subscription.id,
    pausedSubscriptionId: paused.id,
    tokenId: other.token.id,
  }
}
