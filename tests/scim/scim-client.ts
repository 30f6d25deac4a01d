/**
 * What the SCIM conformance suite drives: a licensing service on a fresh store (PostgreSQL with TEST_DATABASE_URL),
 * its HTTP endpoints on a local port, SCIM tokens made for companies, and a client speaking SCIM over real HTTP as
 * Entra ID and Okta do.
 */
import { createAccessToken } from '../../service/auth/access-tokens.js'
import { newId } from '../../service/db/ids.js'
import { createTestService, startServed } from '../support/service.js'
import type { LicensingService } from '../../service/index.js'

export type Service = Awaited<ReturnType<typeof createTestService>>
export type Answer = { status: number; body: Record<string, unknown>; headers: Headers }

export const SCIM_TYPE = 'application/scim+json'
export const USER = 'urn:ietf:params:scim:schemas:core:2.0:User'
export const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group'
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'
export const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error'

/** A SCIM token of the company; its secret. */
export async function scimToken(service: LicensingService, companyId: string, name = 'Okta'): Promise<string> {
  const { secret } = await createAccessToken(service.db, {
    kind: 'scim',
    owner: { companyId },
    name,
    scopes: ['scim'],
    createdBy: 'tests@directory.test',
    now: Date.now(),
  })
  return secret
}

/** Speaks SCIM to `origin` with the token: `scim('POST', 'Users', body)`. */
export function scimClient(origin: string, token: string | undefined) {
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const response = await fetch(`${origin}/scim/v2/${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': SCIM_TYPE } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    const text = await response.text()
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: response.headers,
    }
  }
}

export type ScimClient = ReturnType<typeof scimClient>

/** A service with its endpoints on a local port. */
export const startScim = startServed

/** A user as Entra ID creates one. */
export function entraUser(userName: string, externalId = userName.split('@')[0]) {
  return {
    schemas: [USER, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
    externalId,
    userName,
    active: true,
    displayName: `Person ${externalId}`,
    emails: [{ primary: true, type: 'work', value: userName }],
    name: { formatted: `Person ${externalId}`, familyName: externalId, givenName: 'Person' },
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Engineering' },
  }
}

/**
 * A company of its own with an administrator and `seats` free, unexpired company licenses of the product group (one
 * order), for tests that count seats.
 */
export async function companyWithSeats(
  service: LicensingService,
  options: { name: string; seats: number; group?: 'wallaby' | 'quokka'; admin: string },
): Promise<{ companyId: string; orderId: string }> {
  const now = Date.now()
  const companyId = newId('co')
  const orderId = String(700_000_000 + Math.floor(Math.random() * 99_999_999))
  const group = options.group ?? 'wallaby'
  const product = group === 'wallaby' ? 'Wallaby.js company license' : 'Quokka.js PRO company license'
  await service.db.transaction().execute(async (trx) => {
    await trx.insertInto('companies').values({ id: companyId, name: options.name, created_at: now }).execute()
    await trx
      .insertInto('accounts')
      .values({
        email: options.admin,
        admin: 0,
        logon_link: 'default',
        github_id: null,
        google_id: null,
        created_at: now,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute()
    await trx
      .insertInto('company_permissions')
      .values({ company_id: companyId, email: options.admin, permissions: 'ADMIN', created_at: now })
      .execute()
    await trx
      .insertInto('orders')
      .values({
        id: orderId,
        owner: companyId,
        company_id: companyId,
        customer_name: options.name,
        customer_email: options.admin,
        referrer: null,
        currency: 'USD',
        amount: 116 * options.seats,
        provider_checkout_id: null,
        receipt_url: null,
        created_at: now,
      })
      .execute()
    if (options.seats > 0) await addSeats(trx, { companyId, orderId, group, product, count: options.seats, now })
  })
  return { companyId, orderId }
}

export async function addSeats(
  store: Pick<LicensingService['db'], 'insertInto'>,
  o: {
    companyId: string
    orderId: string
    group: 'wallaby' | 'quokka'
    product: string
    count: number
    now: number
    from?: number
  },
) {
  await store
    .insertInto('licenses')
    .values(
      Array.from({ length: o.count }, (_, i) => ({
        id: newId('lic'),
        owner: o.companyId,
        company_id: o.companyId,
        order_id: o.orderId,
        license_key: `WB-TEST-${o.orderId}-${(o.from ?? 0) + i + 1}`,
        key_number: (o.from ?? 0) + i + 1,
        product_name: o.product,
        product_group: o.group,
        license_type: 'company' as const,
        expiration: o.now + 365 * 24 * 60 * 60 * 1000,
        assigned_to: '',
        is_multi_user: 0,
        trial: 0,
        promotional: 0,
        subscription_id: null,
        billing_period: null,
        lapsing: 0,
        created_at: o.now,
      })),
    )
    .execute()
}

/** Who holds the company's licenses of the group: holder → count (free licenses under ''). */
export async function holders(service: LicensingService, companyId: string, group = 'wallaby') {
  const rows = await service.db
    .selectFrom('licenses')
    .select('assigned_to')
    .where('owner', '=', companyId)
    .where('product_group', '=', group as 'wallaby')
    .execute()
  const counts = new Map<string, number>()
  for (const row of rows) counts.set(row.assigned_to, (counts.get(row.assigned_to) ?? 0) + 1)
  return counts
}
