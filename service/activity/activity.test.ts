import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OperationName, Payload } from '../../protocol/operations.js'
import { demoRefs } from '../../demo/seed.js'
import { createTestService, latestLink, signInAs } from '../../tests/support/service.js'

type Service = Awaited<ReturnType<typeof createTestService>>
let service: Service

async function ask<O extends OperationName>(op: O, payload: Payload<O>, credential?: string) {
  const answer = await service.call({ [op]: payload }, credential)
  return {
    status: answer.status,
    body: (answer.status === 200 ? answer.body[op] : answer.body) as Record<string, unknown>,
  }
}

const who = {
  acmeAdministrator: 'olivia@acme.test',
  acmeManager: 'max@acme.test',
  resellerAdministrator: 'rita@reseller.test',
  resellerManager: 'ray@reseller.test',
  globexAdministrator: 'carl@globex.test',
  personal: 'pat@personal.test',
  platformAdministrator: 'root@vendor.test',
} as const
type Who = keyof typeof who
const credentials = {} as Record<Who, string>

const entryCount = async () =>
  Number(
    (
      await service.db
        .selectFrom('activity_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/** Runs `change` and answers it with the log entries it wrote. */
async function written(change: () => Promise<{ status: number; body: Record<string, unknown> }>) {
  const before = await service.db
    .selectFrom('activity_entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
  const answer = await change()
  const entries = await service.db
    .selectFrom('activity_entries')
    .selectAll()
    .where('id', '>', Number(before?.id ?? 0))
    .orderBy('id')
    .execute()
  return { answer, entries }
}

const licenseOf = (id: string) =>
  service.db.selectFrom('licenses').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

beforeAll(async () => {
  service = await createTestService()
  for (const [role, email] of Object.entries(who) as [Who, string][]) credentials[role] = await signInAs(service, email)
})
afterAll(async () => {
  await service.close()
})

describe('each change writes exactly one entry, in its transaction', () => {
  it('assigning one license: "assigned license N of order X to …" by the account that did it', async () => {
    const license = await licenseOf(demoRefs.licenses.acmeBundleUnassigned)
    const { answer, entries } = await written(() =>
      ask(
        'changeAssignment',
        { licenses: [{ id: license.id, owner: license.owner, assignedTo: 'dev70@acme.test', assignedToBefore: '' }] },
        credentials.acmeAdministrator,
      ),
    )
    expect(answer.status).toBe(200)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      company_id: 'acme',
      kind: 'assignment',
      actor: who.acmeAdministrator,
      summary: `assigned license ${license.key_number} of order ${license.order_id} to dev70@acme.test`,
    })
  })

  it('a bulk change is one entry with a line per license', async () => {
    const rows = await service.db
      .selectFrom('licenses')
      .selectAll()
      .where('order_id', '=', demoRefs.orders.acmeWallaby)
      .orderBy('key_number')
      .execute()
    const [first, , , , free] = rows
    const { answer, entries } = await written(() =>
      ask(
        'changeAssignment',
        {
          licenses: [
            { id: first.id, owner: first.owner, assignedTo: '', assignedToBefore: first.assigned_to },
            { id: free.id, owner: free.owner, assignedTo: 'dev71@acme.test', assignedToBefore: '' },
          ],
        },
        credentials.acmeManager,
      ),
    )
    expect(answer.status).toBe(200)
    expect(entries).toHaveLength(1)
    expect(entries[0].summary).toBe('1 license unassigned and 1 license assigned')
    expect(JSON.parse(entries[0].details)).toEqual([
      `unassigned license ${first.key_number} of order ${first.order_id} from ${first.assigned_to}`,
      `assigned license ${free.key_number} of order ${free.order_id} to dev71@acme.test`,
    ])
  })

  it('a refused change writes nothing', async () => {
    const license = await licenseOf(demoRefs.licenses.acmeBundleAssigned)
    const { answer, entries } = await written(() =>
      ask(
        'changeAssignment',
        {
          licenses: [
            { id: license.id, owner: license.owner, assignedTo: 'x@acme.test', assignedToBefore: 'someone@else.test' },
          ],
        },
        credentials.acmeAdministrator,
      ),
    )
    expect(answer.body.error).toBe('ASSIGNMENT_CHANGED')
    expect(entries).toHaveLength(0)
  })

  it('adding and removing permissions: one entry naming each person and role', async () => {
    const added = await written(() =>
      ask(
        'updatePermissions',
        { add: [{ companyId: 'acme', email: 'newmanager@acme.test', permissions: ['ASSIGN'] }] },
        credentials.acmeAdministrator,
      ),
    )
    expect(added.answer.status).toBe(200)
    expect(added.entries.map((e) => e.summary)).toEqual(['added newmanager@acme.test as Company Manager'])
    const again = await written(() =>
      ask(
        'updatePermissions',
        { add: [{ companyId: 'acme', email: 'newmanager@acme.test', permissions: ['ASSIGN'] }] },
        credentials.acmeAdministrator,
      ),
    )
    expect(again.answer.body.error).toBe('USER_EXISTS')
    expect(again.entries).toHaveLength(0)
    const promoted = await written(() =>
      ask(
        'updatePermissions',
        {
          remove: [{ companyId: 'acme', email: 'newmanager@acme.test' }],
          add: [{ companyId: 'acme', email: 'newmanager@acme.test', permissions: ['ADMIN'] }],
        },
        credentials.acmeAdministrator,
      ),
    )
    expect(promoted.entries.map((e) => e.summary)).toEqual([
      'changed the role of newmanager@acme.test from Company Manager to Company Administrator',
    ])
  })

  it('a platform administrator is named as such', async () => {
    const license = await licenseOf(demoRefs.licenses.acmeEnterprise)
    const { answer, entries } = await written(() =>
      ask('removeLicense', { ids: [{ id: license.id, owner: license.owner }] }, credentials.platformAdministrator),
    )
    expect(answer.status).toBe(200)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      company_id: 'acme',
      kind: 'license',
      actor: 'platform administrator',
      // The product by its display name, as /manage shows it.
      summary: `removed license ${license.key_number} of order ${license.order_id} (Wallaby.js enterprise)`,
    })
  })

  it("account settings: the account's own log", async () => {
    const { answer, entries } = await written(() =>
      ask(
        'updateAccountSettings',
        { logonLink: 'always', githubLinked: false, googleLinked: false },
        credentials.personal,
      ),
    )
    expect(answer.status).toBe(200)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      company_id: null,
      account_email: who.personal,
      kind: 'account',
      summary: 'set sign-in by email link to "Always"',
    })
    const unchanged = await written(() =>
      ask(
        'updateAccountSettings',
        { logonLink: 'always', githubLinked: false, googleLinked: false },
        credentials.personal,
      ),
    )
    expect(unchanged.entries).toHaveLength(0)
  })

  it('when the entry cannot be written, the change is rolled back with it', async () => {
    const own = await createTestService()
    try {
      const credential = await signInAs(own, who.acmeAdministrator)
      await own.db.schema.dropTable('activity_people').execute()
      await own.db.schema.dropTable('activity_entries').execute()
      const license = await own.db
        .selectFrom('licenses')
        .selectAll()
        .where('id', '=', demoRefs.licenses.acmeBundleUnassigned)
        .executeTakeFirstOrThrow()
      const answer = await own.call(
        {
          changeAssignment: {
            licenses: [{ id: license.id, owner: license.owner, assignedTo: 'dev72@acme.test', assignedToBefore: '' }],
          },
        },
        credential,
      )
      expect(answer.status).toBe(500)
      const after = await own.db
        .selectFrom('licenses')
        .select('assigned_to')
        .where('id', '=', license.id)
        .executeTakeFirstOrThrow()
      expect(after.assigned_to).toBe('')
    } finally {
      await own.close()
    }
  })
})

describe('retrieveActivity', () => {
  const matrix: Array<[Who, boolean]> = [
    ['acmeAdministrator', true],
    ['platformAdministrator', true],
    ['acmeManager', false],
    ['globexAdministrator', false],
    ['personal', false],
  ]
  it.each(matrix)("%s reads Acme's log: %s", async (role, allowed) => {
    const answer = await ask('retrieveActivity', { companyId: 'acme' }, credentials[role])
    if (allowed) {
      expect(answer.status).toBe(200)
      expect((answer.body.entries as unknown[]).length).toBeGreaterThan(0)
    } else {
      expect(answer.status).toBe(500)
      expect(answer.body.error).toBe('FORBIDDEN')
    }
  })

  it('managers of a reseller are refused too, administrators of a reseller are not', async () => {
    expect((await ask('retrieveActivity', { companyId: 'globex' }, credentials.resellerManager)).body.error).toBe(
      'FORBIDDEN',
    )
    expect((await ask('retrieveActivity', { companyId: 'globex' }, credentials.resellerAdministrator)).status).toBe(200)
  })

  it('needs a session', async () => {
    expect((await ask('retrieveActivity', { companyId: 'acme' })).body.error).toBe('NOT_AUTHENTICATED')
  })

  it('newest first, filtered by kind and by person, paged', async () => {
    const all = await ask('retrieveActivity', { companyId: 'acme' }, credentials.acmeAdministrator)
    const entries = all.body.entries as Array<{ id: number; at: number; kind: string; summary: string }>
    expect(all.body.total).toBe(entries.length)
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a))
    // The demo data's own history (assignments, a paused subscription) and the changes made above.
    expect(new Set(entries.map((e) => e.kind))).toEqual(
      new Set(['assignment', 'permission', 'license', 'subscription']),
    )

    const permissions = await ask(
      'retrieveActivity',
      { companyId: 'acme', kind: 'permission' },
      credentials.acmeAdministrator,
    )
    expect((permissions.body.entries as Array<{ kind: string }>).every((e) => e.kind === 'permission')).toBe(true)
    expect(permissions.body.total).toBe(2)

    const byPerson = await ask(
      'retrieveActivity',
      { companyId: 'acme', person: 'DEV71@acme.test' },
      credentials.acmeAdministrator,
    )
    expect((byPerson.body.entries as Array<{ summary: string }>).map((e) => e.summary)).toEqual([
      '1 license unassigned and 1 license assigned',
    ])
    const byActor = await ask(
      'retrieveActivity',
      { companyId: 'acme', person: who.acmeManager },
      credentials.acmeAdministrator,
    )
    expect(byActor.body.total).toBe(1)

    const second = await ask(
      'retrieveActivity',
      { companyId: 'acme', page: 2, pageSize: 2 },
      credentials.acmeAdministrator,
    )
    expect((second.body.entries as Array<{ id: number }>).map((e) => e.id)).toEqual(
      entries.slice(2, 4).map((e) => e.id),
    )
  })

  it("without a company: the caller's own account log", async () => {
    const own = await ask('retrieveActivity', {}, credentials.personal)
    expect(own.status).toBe(200)
    expect((own.body.entries as Array<{ summary: string }>).map((e) => e.summary)).toEqual([
      'set sign-in by email link to "Always"',
    ])
    expect((await ask('retrieveActivity', {}, credentials.acmeManager)).body.total).toBe(0)
  })

  it('an unknown company is refused like a foreign one, and never answers entries', async () => {
    const answer = await ask('retrieveActivity', { companyId: 'no-such-company' }, credentials.acmeAdministrator)
    expect(answer.body.error).toBe('FORBIDDEN')
    expect(await entryCount()).toBeGreaterThan(0)
  })
})

describe("a personal holder's own log", () => {
  it("an activation is in the holder's log (and its company's, for a company license)", async () => {
    const license = await licenseOf(demoRefs.licenses.patExpiringSoon)
    const asked = await service.call({ activation: { licenseKey: license.license_key, hostname: 'log-host' } })
    expect(asked.status).toBe(200)
    const link = await latestLink(service, who.personal, 'http://portal.test/activate/')
    const { answer, entries } = await written(async () => {
      const confirmed = await service.call({
        confirmActivation: { passthrough: link.slice('http://portal.test/activate/'.length), deactivate: [] },
      })
      return { status: confirmed.status, body: confirmed.body }
    })
    expect(answer.status).toBe(200)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      kind: 'activation',
      actor: who.personal,
      account_email: who.personal,
      company_id: null,
      summary: `activated license ${license.key_number} of order ${license.order_id} on the machine "log-host"`,
    })
  })

  it('an email change is logged and the log moves to the new address', async () => {
    const credential = await signInAs(service, who.personal)
    const to = 'pat-new@personal.test'
    expect((await ask('transferLicenses', { transferTo: to }, credential)).status).toBe(200)
    const link = await latestLink(service, to, 'http://portal.test/confirmEmail/')
    const passthrough = link.slice('http://portal.test/confirmEmail/'.length).replace(/\/$/, '')
    const { answer, entries } = await written(() => ask('confirmEmailChange', { passthrough }))
    expect(answer.status).toBe(200)
    expect(entries.map((e) => e.summary)).toEqual([`changed the account email from ${who.personal} to ${to}`])
    const own = await ask('retrieveActivity', {}, await signInAs(service, to))
    expect((own.body.entries as Array<{ summary: string }>).map((e) => e.summary)).toEqual([
      `changed the account email from ${who.personal} to ${to}`,
      `activated license ${(await licenseOf(demoRefs.licenses.patExpiringSoon)).key_number} of order ${(await licenseOf(demoRefs.licenses.patExpiringSoon)).order_id} on the machine "log-host"`,
      'set sign-in by email link to "Always"',
    ])
  })
})

describe('subscriptions', () => {
  it("cancelling writes one entry by the account that did it in the company's log", async () => {
    const subscriptionId = demoRefs.subscriptions.acmeActiveNotRenewing
    const { answer, entries } = await written(() =>
      ask('cancelSubscription', { subscriptionId }, credentials.acmeAdministrator),
    )
    expect(answer.status).toBe(200)
    const mine = entries.filter((e) => e.actor === who.acmeAdministrator)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ company_id: 'acme', kind: 'subscription' })
    // Named as /manage names it: product, plan, billing and seats, the id after.
    expect(mine[0].summary).toMatch(
      new RegExp(
        `^cancelled the subscription .+ Organization, (yearly|monthly), \\d+ seats? \\(${subscriptionId}\\): its licenses run`,
      ),
    )
    // Anything else written then is the payment provider's own alert about the same change.
    expect(entries.filter((e) => e.actor !== who.acmeAdministrator).every((e) => e.actor === 'payment provider')).toBe(
      true,
    )
  })

  it('a refused subscription change writes nothing', async () => {
    const { answer, entries } = await written(() =>
      ask(
        'cancelSubscription',
        { subscriptionId: demoRefs.subscriptions.acmeActiveNotRenewing },
        credentials.acmeManager,
      ),
    )
    expect(answer.status).toBe(500)
    expect(entries).toHaveLength(0)
  })
})
