// The company's activity log: each change writes exactly one entry in its transaction, and retrieveActivity reads the
// log back (its figures count the entries the changes above wrote, so both stay in this file, in this order).
import { describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import {
  ask,
  credentials,
  licenseOf,
  service,
  startActivityService,
  who,
  written,
  type Who,
} from '../../tests/support/activity-service.js'
import { createTestService, signInAs } from '../../tests/support/service.js'

startActivityService()

const entryCount = async () =>
  Number(
    (
      await service.db
        .selectFrom('activity_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

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
