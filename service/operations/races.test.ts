/**
 * The service's invariants under real concurrency: several processes, each with its own connection to one store, send
 * their requests at the same moment. On SQLite the file's single writer orders them; on PostgreSQL (TEST_DATABASE_URL)
 * they run at once and the transactions are serializable. Either way the invariant holds.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import { ACTIVATION_LIMIT } from '../../protocol/licenses/licenses.js'
import { DEACTIVATION_BUDGET } from '../../protocol/machines/machines.js'
import { checkoutId, purchaseAlerts, signedBySandbox, updatedAlert } from '../../tests/support/payments.js'
import type { AlertFields } from '../payments/signature.js'
import { makeSubscription, snapshot } from '../../tests/support/subscriptions.js'
import { createTestService, freshDatabase, latestLink, signInAs } from '../../tests/support/service.js'

let service: Awaited<ReturnType<typeof createTestService>>
let store: string
let dropStore: () => Promise<void> = async () => {}

beforeAll(async () => {
  const postgres = process.env.TEST_DATABASE_URL ? await freshDatabase(process.env.TEST_DATABASE_URL) : null
  service = await createTestService(postgres ? { database: postgres.url } : {})
  store = postgres?.url ?? path.join(service.dataDir, 'licensing.db')
  if (postgres) dropStore = postgres.drop
}, 60_000)
afterAll(async () => {
  await service.close()
  await dropStore()
})

type Answer = { status: number; body: Record<string, unknown> }

// A process of its own: opens the store, says it is ready, waits for the word, sends one request, prints the answer.
const CALLER = `import { createLicensingService } from './service/index.ts'
import { handleWebhookAlert } from './service/payments/webhooks.ts'
// A payment alert, as the webhook endpoint would answer it.
const deliver = (alert) => handleWebhookAlert(alert, service.context()).then(
  (result) => ({ status: 200, body: result }),
  (error) => ({ status: error.status ?? 500, body: { message: String(error.message) } }),
)
const service = await createLicensingService({
  database: process.env.STORE,
  seed: false,
  log: () => {},
  env: { NODE_ENV: 'test', DATA_DIR: process.env.DATA_DIR, PUBLIC_URL: 'http://portal.test' },
})
process.stdout.write('ready\\n')
await new Promise((resolve) => process.stdin.once('data', resolve))
const answer = process.env.ALERT
  ? await deliver(JSON.parse(process.env.ALERT))
  : await service.call(JSON.parse(process.env.REQUEST), process.env.CREDENTIAL || undefined)
process.stdout.write(JSON.stringify(answer) + '\\n')
await service.close()
process.exit(0)`

/** Sends each request from a process of its own, all at the same moment, and returns their answers in order. */
async function fromProcesses(
  requests: Array<{ request?: unknown; credential?: string; alert?: AlertFields }>,
): Promise<Answer[]> {
  const children = requests.map(({ request, credential, alert }) =>
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', CALLER], {
      env: {
        ...process.env,
        STORE: store,
        DATA_DIR: service.dataDir,
        REQUEST: JSON.stringify(request ?? null),
        CREDENTIAL: credential ?? '',
        ALERT: alert ? JSON.stringify(alert) : '',
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  )
  const outputs = children.map(
    (child) =>
      new Promise<string[]>((resolve) => {
        let text = ''
        child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()))
        child.on('exit', () => resolve(text.trim().split('\n')))
      }),
  )
  await Promise.all(children.map((child) => new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))))
  for (const child of children) child.stdin.write('go\n')
  return (await Promise.all(outputs)).map((lines) => JSON.parse(lines[lines.length - 1]!) as Answer)
}

const ACTIVATE = 'http://portal.test/activate/'

describe('invariants across processes', () => {
  it(`the activation limit: of 5 machines confirmed at once from 5 processes, exactly ${ACTIVATION_LIMIT} are activated`, async () => {
    const license = demoRefs.licenses.rootQuokka
    await service.db
      .updateTable('activations')
      .set({ status: 'deactivated' })
      .where('license_id', '=', license)
      .execute()
    const { license_key: licenseKey } = await service.db
      .selectFrom('licenses')
      .select('license_key')
      .where('id', '=', license)
      .executeTakeFirstOrThrow()
    const passthroughs: string[] = []
    for (const hostname of ['p1', 'p2', 'p3', 'p4', 'p5']) {
      await service.call({ activation: { licenseKey, hostname } })
      passthroughs.push((await latestLink(service, 'root@vendor.test', ACTIVATE)).slice(ACTIVATE.length))
    }
    const answers = await fromProcesses(
      passthroughs.map((passthrough) => ({ request: { confirmActivation: { passthrough, deactivate: [] } } })),
    )
    const completed = answers.filter((a) => (a.body.confirmActivation as { completed?: boolean })?.completed)
    expect(completed).toHaveLength(ACTIVATION_LIMIT)
    const active = await service.db
      .selectFrom('activations')
      .select('hostname')
      .where('license_id', '=', license)
      .where('status', '=', 'active')
      .execute()
    expect(active).toHaveLength(ACTIVATION_LIMIT)
  }, 60_000)

  it(`the deactivation budget: of 4 machines deactivated at once from 4 processes, ${DEACTIVATION_BUDGET} go`, async () => {
    const license = demoRefs.licenses.patActivated
    const { owner } = await service.db
      .selectFrom('licenses')
      .select('owner')
      .where('id', '=', license)
      .executeTakeFirstOrThrow()
    const machines = ['m1', 'm2', 'm3', 'm4'].map((hostname) => ({ hostname, id: `act-race-${hostname}` }))
    await service.db
      .insertInto('activations')
      .values(
        machines.map(({ hostname, id }) => ({
          id,
          license_id: license,
          hostname,
          status: 'active' as const,
          requested_at: Date.now(),
          activation_time: Date.now(),
        })),
      )
      .execute()
    const credential = await signInAs(service, owner)
    const answers = await fromProcesses(
      machines.map(({ id }) => ({
        request: { deactivateMachine: { license: { id: license, owner }, machine: id } },
        credential,
      })),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(DEACTIVATION_BUDGET)
    const spent = await service.db
      .selectFrom('activations')
      .select('id')
      .where('license_id', '=', license)
      .where('counted', '=', 1)
      .execute()
    expect(spent).toHaveLength(DEACTIVATION_BUDGET)
  }, 60_000)

  it('the last administrator: two administrators removing each other from two processes leave one', async () => {
    const now = Date.now()
    await service.db.insertInto('companies').values({ id: 'race', name: 'Race Corp', created_at: now }).execute()
    await service.db
      .insertInto('company_permissions')
      .values(
        ['a@race.test', 'b@race.test'].map((email) => ({
          company_id: 'race',
          email,
          permissions: 'ADMIN',
          created_at: now,
        })),
      )
      .execute()
    const a = await signInAs(service, 'a@race.test')
    const b = await signInAs(service, 'b@race.test')
    const answers = await fromProcesses([
      { request: { updatePermissions: { remove: [{ companyId: 'race', email: 'b@race.test' }] } }, credential: a },
      { request: { updatePermissions: { remove: [{ companyId: 'race', email: 'a@race.test' }] } }, credential: b },
    ])
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    const admins = await service.db
      .selectFrom('company_permissions')
      .select('email')
      .where('company_id', '=', 'race')
      .where('permissions', '=', 'ADMIN')
      .execute()
    expect(admins).toHaveLength(1)
  }, 60_000)

  it('a sign-in link is used once: the same link opened from three processes at once signs in one of them', async () => {
    await service.call({ manageLicense: { type: 'link', email: 'olivia@acme.test' } })
    const link = await latestLink(service, 'olivia@acme.test', 'http://portal.test/manage/')
    const passthrough = link.slice('http://portal.test/manage/'.length)
    const answers = await fromProcesses(
      Array.from({ length: 3 }, () => ({ request: { retrieveDetails: { passthrough } } })),
    )
    const signedIn = answers.filter((a) => (a.body.retrieveDetails as { session?: string } | undefined)?.session)
    expect(signedIn).toHaveLength(1)
  }, 60_000)
})

describe('subscriptions and payment alerts across processes', () => {
  /** A company subscription of acme with these seats (assignees, '' for none), known to the provider. */
  const subscriptionWith = (assignees: string[]) =>
    makeSubscription(service.db, {
      now: Date.now(),
      companyId: 'acme',
      quantity: assignees.length,
      seats: assignees.map((assignedTo) => ({ assignedTo })),
    })

  /** The subscription's quantity agrees with its renewing licenses (and, when asked, with the provider's record). */
  async function expectConsistent(subscriptionId: string, providerId?: string) {
    const { subscription, licenses } = await snapshot(service.db, subscriptionId)
    expect(licenses.filter((l) => l.lapsing === 0)).toHaveLength(subscription!.quantity)
    if (providerId) {
      const provider = await service.db
        .selectFrom('sandbox_subscriptions')
        .select('quantity')
        .where('id', '=', providerId)
        .executeTakeFirstOrThrow()
      expect(provider.quantity).toBe(subscription!.quantity)
    }
    return { subscription: subscription!, licenses }
  }

  const signed = (fields: AlertFields) => signedBySandbox(service.db, fields)
  const updated = (providerId: string, quantity: number) =>
    signed(updatedAlert(providerId, { new_quantity: String(quantity) }))

  /** The orders made for a checkout, and the licenses of the first. */
  async function fulfilled(checkout: string) {
    const orders = await service.db
      .selectFrom('orders')
      .select('id')
      .where('provider_checkout_id', '=', checkout)
      .execute()
    const licenses = await service.db
      .selectFrom('licenses')
      .select('id')
      .where('order_id', '=', orders[0]?.id ?? '')
      .execute()
    return { orders: orders.length, licenses: licenses.length }
  }

  it('quantity changes from three processes at once: each one is applied whole, and the renewing licenses number the quantity', async () => {
    const sub = await subscriptionWith(['a@acme.test', 'b@acme.test', '', ''])
    const olivia = await signInAs(service, 'olivia@acme.test')
    const answers = await fromProcesses(
      [6, 3, 5].map((quantity) => ({
        request: { subscriptionUpdateQuantity: { subscriptionId: sub.id, quantity, licensesToLapse: [] } },
        credential: olivia,
      })),
    )
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    const { subscription, licenses } = await expectConsistent(sub.id, sub.providerId)
    expect([6, 3, 5]).toContain(subscription.quantity)
    // Nobody chose to lapse an assigned license: the assignees renew whatever the order of the changes.
    expect(licenses.filter((l) => l.assigned_to !== '' && l.lapsing === 1)).toEqual([])
  }, 90_000)

  it("a decrease and the provider's quantity alerts from four processes at once leave quantity and lapsing in agreement", async () => {
    const sub = await subscriptionWith(['a@acme.test', 'b@acme.test', 'c@acme.test', '', ''])
    const olivia = await signInAs(service, 'olivia@acme.test')
    const answers = await fromProcesses([
      {
        request: {
          subscriptionUpdateQuantity: {
            subscriptionId: sub.id,
            quantity: 2,
            licensesToLapse: [{ owner: 'acme', id: sub.licenseIds[0]! }],
          },
        },
        credential: olivia,
      },
      { alert: await updated(sub.providerId, 7) },
      { alert: await updated(sub.providerId, 4) },
      { alert: await updated(sub.providerId, 3) },
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
    // The alerts stand for changes made at the provider directly: the store follows whichever came last.
    await expectConsistent(sub.id)
  }, 90_000)

  it('one purchase alert delivered by three processes at once is applied once: one order, its licenses, one subscription', async () => {
    const checkout = checkoutId()
    const providerId = `race${Date.now()}`
    const { paid } = purchaseAlerts({
      checkoutId: checkout,
      subscriptionId: providerId,
      planId: 'wallaby-organization-year',
      quantity: 3,
      email: 'race-buyer@race.test',
      passthrough: { name: 'Race Buyer Inc' },
    })
    const alert = await signed(paid)
    const answers = await fromProcesses([{ alert }, { alert }, { alert }])
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    const outcomes = answers.map((a) => a.body.outcome).sort()
    expect(outcomes).toEqual(['duplicate', 'duplicate', 'processed'])
    expect(await fulfilled(checkout)).toEqual({ orders: 1, licenses: 3 })
    const subscriptions = await service.db
      .selectFrom('subscriptions')
      .select('id')
      .where('provider_subscription_id', '=', providerId)
      .execute()
    expect(subscriptions).toHaveLength(1)
  }, 90_000)

  it('the two alerts of one checkout arriving together from two processes make one order', async () => {
    const checkout = checkoutId()
    const providerId = `race${Date.now()}b`
    const { created, paid } = purchaseAlerts({
      checkoutId: checkout,
      subscriptionId: providerId,
      planId: 'wallaby-organization-year',
      quantity: 2,
      email: 'race-pair@race.test',
      passthrough: { name: 'Race Pair Inc' },
    })
    const answers = await fromProcesses([{ alert: await signed(created) }, { alert: await signed(paid) }])
    expect(answers.map((a) => [a.status, a.body.outcome])).toEqual([
      [200, 'processed'],
      [200, 'processed'],
    ])
    expect(await fulfilled(checkout)).toEqual({ orders: 1, licenses: 2 })
  }, 90_000)
})
