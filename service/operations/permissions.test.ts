import { describe, expect, it } from 'vitest'
import type { Payload } from '../../protocol/operations.js'
import { signInAs } from '../../tests/support/service.js'
import { ask, credentials, service, startRoleService, type Who } from '../../tests/support/role-service.js'

startRoleService()

async function entriesOf(companyId: string) {
  const rows = await service.db
    .selectFrom('company_permissions')
    .select(['email', 'permissions'])
    .where('company_id', '=', companyId)
    .orderBy('email')
    .execute()
  return Object.fromEntries(rows.map((r) => [r.email, r.permissions]))
}

/** A company of its own for a test, with the given entries; returns its id. */
async function companyWith(id: string, entries: Record<string, string>) {
  const now = Date.now()
  await service.db
    .insertInto('companies')
    .values({ id, name: `Company ${id}`, created_at: now })
    .execute()
  await service.db
    .insertInto('company_permissions')
    .values(
      Object.entries(entries).map(([email, permissions]) => ({ company_id: id, email, permissions, created_at: now })),
    )
    .execute()
  return id
}

describe('authorization matrix on Globex (spec §6)', () => {
  const matrix: Array<[Who, { read: boolean; addCompanyManager: boolean; addResellerManager: boolean }]> = [
    ['resellerAdministrator', { read: true, addCompanyManager: true, addResellerManager: true }],
    ['resellerManager', { read: false, addCompanyManager: false, addResellerManager: false }],
    ['companyAdministrator', { read: true, addCompanyManager: true, addResellerManager: false }],
    ['companyManager', { read: false, addCompanyManager: false, addResellerManager: false }],
    ['noRole', { read: false, addCompanyManager: false, addResellerManager: false }],
    ['foreignCompany', { read: false, addCompanyManager: false, addResellerManager: false }],
  ]

  it.each(matrix)('%s: retrievePermissions %j', async (role, expected) => {
    const answer = await ask('retrievePermissions', { companyId: 'globex' }, credentials[role])
    if (expected.read) {
      expect(answer.status).toBe(200)
      expect(answer.body.permissions).toEqual(
        expect.arrayContaining([
          { companyId: 'globex', email: 'rita@reseller.test', permissions: ['ADMIN', 'RESELLER'] },
          { companyId: 'globex', email: 'ray@reseller.test', permissions: ['RESELLER'] },
          { companyId: 'globex', email: 'carl@globex.test', permissions: ['ADMIN'] },
        ]),
      )
    } else {
      expect(answer).toMatchObject({ status: 500, body: { error: 'FORBIDDEN' } })
    }
  })

  it.each(matrix)('%s: add a Company Manager and a Reseller Manager %j', async (role, expected) => {
    const cm = `cm-by-${role.toLowerCase()}@globex.test`
    const rm = `rm-by-${role.toLowerCase()}@globex.test`
    const addCm = await ask(
      'updatePermissions',
      { add: [{ companyId: 'globex', email: cm, permissions: ['ASSIGN'] }] },
      credentials[role],
    )
    const addRm = await ask(
      'updatePermissions',
      { add: [{ companyId: 'globex', email: rm, permissions: ['RESELLER'] }] },
      credentials[role],
    )
    const entries = await entriesOf('globex')
    expect(addCm.status === 200).toBe(expected.addCompanyManager)
    expect(entries[cm]).toBe(expected.addCompanyManager ? 'ASSIGN' : undefined)
    if (!expected.addCompanyManager) expect(addCm.body).toMatchObject({ error: 'FORBIDDEN' })
    expect(addRm.status === 200).toBe(expected.addResellerManager)
    expect(entries[rm]).toBe(expected.addResellerManager ? 'RESELLER' : undefined)
    if (!expected.addResellerManager) expect(addRm.body).toMatchObject({ error: 'FORBIDDEN' })
  })

  it.each(matrix)('%s: remove a Company Manager %j', async (role, expected) => {
    const target = `remove-by-${role.toLowerCase()}@globex.test`
    await service.db
      .insertInto('company_permissions')
      .values({ company_id: 'globex', email: target, permissions: 'ASSIGN', created_at: Date.now() })
      .execute()
    const answer = await ask(
      'updatePermissions',
      { remove: [{ companyId: 'globex', email: target }] },
      credentials[role],
    )
    expect(answer.status === 200).toBe(expected.addCompanyManager)
    expect((await entriesOf('globex'))[target]).toBe(expected.addCompanyManager ? undefined : 'ASSIGN')
  })

  it.each([
    [
      'resellerAdministrator',
      { canAssign: true, canAddUsers: true, canRenew: true, canViewReceipt: true, canAddResellers: true },
    ],
    [
      'resellerManager',
      { canAssign: false, canAddUsers: false, canRenew: true, canViewReceipt: true, canAddResellers: false },
    ],
    [
      'companyAdministrator',
      { canAssign: true, canAddUsers: true, canRenew: true, canViewReceipt: true, canAddResellers: false },
    ],
    [
      'companyManager',
      { canAssign: true, canAddUsers: false, canRenew: false, canViewReceipt: false, canAddResellers: false },
    ],
  ] as const)('%s: retrieveDetails carries the flags of that role in Globex', async (role, flags) => {
    const answer = await ask('retrieveDetails', {}, credentials[role])
    const companies = (answer.body.body as { companies: Array<{ id: string }> }).companies
    expect(companies.find((c) => c.id === 'globex')).toMatchObject(flags)
  })

  it('retrieveDetails shows no company to someone without a role in it', async () => {
    for (const role of ['noRole', 'foreignCompany'] as const) {
      const answer = await ask('retrieveDetails', {}, credentials[role])
      expect((answer.body.body as { companies: Array<{ id: string }> }).companies.map((c) => c.id)).not.toContain(
        'globex',
      )
    }
  })

  it('a Company Administrator may not remove a Reseller Administrator or Reseller Manager', async () => {
    for (const email of ['rita@reseller.test', 'ray@reseller.test']) {
      const answer = await ask(
        'updatePermissions',
        { remove: [{ companyId: 'globex', email }] },
        credentials.companyAdministrator,
      )
      expect(answer.body).toMatchObject({ error: 'FORBIDDEN' })
    }
    expect(await entriesOf('globex')).toMatchObject({
      'rita@reseller.test': 'ADMIN,RESELLER',
      'ray@reseller.test': 'RESELLER',
    })
  })

  it('refuses both operations without a session', async () => {
    expect((await ask('retrievePermissions', { companyId: 'globex' })).body).toMatchObject({
      error: 'NOT_AUTHENTICATED',
    })
    expect(
      (await ask('updatePermissions', { remove: [{ companyId: 'globex', email: 'ray@reseller.test' }] })).body,
    ).toMatchObject({
      error: 'NOT_AUTHENTICATED',
    })
  })
})

describe('updatePermissions', () => {
  it('stores the role codes of spec §3 and mails the added user after the change when asked', async () => {
    const rita = credentials.resellerAdministrator
    const answer = await ask(
      'updatePermissions',
      {
        add: [{ companyId: 'initech', email: 'New.Admin@Initech.test', permissions: ['RESELLER', 'ADMIN'] }],
        sendEmail: true,
      },
      rita,
    )
    expect(answer).toEqual({ status: 200, body: { completed: true } })
    expect((await entriesOf('initech'))['new.admin@initech.test']).toBe('ADMIN,RESELLER')
    const mail = await service.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to', '=', 'new.admin@initech.test')
      .executeTakeFirstOrThrow()
    expect(mail.subject).toBe('You are now Reseller Administrator of the company "Initech"')
    expect(mail.text).toContain('rita@reseller.test has given you the role Reseller Administrator')

    await ask(
      'updatePermissions',
      { add: [{ companyId: 'initech', email: 'quiet@initech.test', permissions: ['ASSIGN'] }] },
      rita,
    )
    expect(
      await service.db.selectFrom('mail_outbox').select('id').where('to', '=', 'quiet@initech.test').execute(),
    ).toHaveLength(0)
  })

  it('refuses an address that already holds a role: USER_EXISTS with the spec text', async () => {
    const answer = await ask(
      'updatePermissions',
      { add: [{ companyId: 'globex', email: 'CARL@globex.test', permissions: ['ASSIGN'] }] },
      credentials.resellerAdministrator,
    )
    expect(answer).toMatchObject({ status: 500, body: { error: 'USER_EXISTS' } })
    expect((await entriesOf('globex'))['carl@globex.test']).toBe('ADMIN')
  })

  it('changes a role when the same call removes and adds the address', async () => {
    const rita = credentials.resellerAdministrator
    await ask(
      'updatePermissions',
      { add: [{ companyId: 'initech', email: 'promote@initech.test', permissions: ['ASSIGN'] }] },
      rita,
    )
    const answer = await ask(
      'updatePermissions',
      {
        remove: [{ companyId: 'initech', email: 'promote@initech.test' }],
        add: [{ companyId: 'initech', email: 'promote@initech.test', permissions: ['ADMIN'] }],
      },
      rita,
    )
    expect(answer.status).toBe(200)
    expect((await entriesOf('initech'))['promote@initech.test']).toBe('ADMIN')
  })

  describe('role-removal rules (spec §4)', () => {
    it('the last administrator cannot be removed: "Cannot remove the last administrator"', async () => {
      await companyWith('solo', { 'solo-admin@solo.test': 'ADMIN', 'solo-cm@solo.test': 'ASSIGN' })
      const admin = await signInAs(service, 'solo-admin@solo.test')
      const answer = await ask(
        'updatePermissions',
        { remove: [{ companyId: 'solo', email: 'solo-admin@solo.test' }] },
        admin,
      )
      expect(answer).toEqual({
        status: 500,
        body: { error: 'LAST_ADMINISTRATOR', message: 'Cannot remove the last administrator' },
      })
      expect(await entriesOf('solo')).toEqual({ 'solo-admin@solo.test': 'ADMIN', 'solo-cm@solo.test': 'ASSIGN' })
    })

    it('the last Reseller Administrator cannot be removed, even with a Company Administrator left', async () => {
      await companyWith('resold', { 'ra@resold.test': 'ADMIN,RESELLER', 'ca@resold.test': 'ADMIN' })
      const ra = await signInAs(service, 'ra@resold.test')
      const answer = await ask('updatePermissions', { remove: [{ companyId: 'resold', email: 'ra@resold.test' }] }, ra)
      expect(answer.body).toMatchObject({ error: 'LAST_RESELLER_ADMINISTRATOR' })
    })

    it('a Company Administrator needs another Reseller or Company Administrator to remain', async () => {
      // The other entry holds ADMIN (rule 1 is met) but makes the Unknown role, which does not count for rule 3.
      await companyWith('odd', {
        'ra@odd.test': 'ADMIN,RESELLER',
        'ca@odd.test': 'ADMIN',
        'x@odd.test': 'ADMIN,ASSIGN',
      })
      const ra = await signInAs(service, 'ra@odd.test')
      const answer = await ask(
        'updatePermissions',
        {
          remove: [
            { companyId: 'odd', email: 'ca@odd.test' },
            { companyId: 'odd', email: 'ra@odd.test' },
          ],
          add: [{ companyId: 'odd', email: 'ra@odd.test', permissions: ['RESELLER'] }],
        },
        ra,
      )
      expect(answer.body).toMatchObject({ error: 'LAST_RESELLER_ADMINISTRATOR' })
      await companyWith('odd2', { 'ca@odd2.test': 'ADMIN', 'x@odd2.test': 'ADMIN,ASSIGN' })
      const ca = await signInAs(service, 'ca@odd2.test')
      const alone = await ask('updatePermissions', { remove: [{ companyId: 'odd2', email: 'ca@odd2.test' }] }, ca)
      expect(alone.body).toMatchObject({ error: 'NO_OTHER_ADMINISTRATOR' })
    })

    it('an administrator may leave while another remains', async () => {
      await companyWith('pair', { 'a@pair.test': 'ADMIN', 'b@pair.test': 'ADMIN' })
      const a = await signInAs(service, 'a@pair.test')
      expect(
        (await ask('updatePermissions', { remove: [{ companyId: 'pair', email: 'a@pair.test' }] }, a)).status,
      ).toBe(200)
      expect(await entriesOf('pair')).toEqual({ 'b@pair.test': 'ADMIN' })
    })

    it('hold under concurrency: two administrators removing each other at the same moment leave one', async () => {
      for (let round = 0; round < 5; round++) {
        const id = `duel${round}`
        await companyWith(id, { [`a@${id}.test`]: 'ADMIN', [`b@${id}.test`]: 'ADMIN', [`m@${id}.test`]: 'ASSIGN' })
        const a = await signInAs(service, `a@${id}.test`)
        const b = await signInAs(service, `b@${id}.test`)
        const answers = await Promise.all([
          ask('updatePermissions', { remove: [{ companyId: id, email: `b@${id}.test` }] }, a),
          ask('updatePermissions', { remove: [{ companyId: id, email: `a@${id}.test` }] }, b),
        ])
        expect(answers.filter((x) => x.status === 200)).toHaveLength(1)
        // The one that came second is no longer an administrator of the company.
        expect(answers.find((x) => x.status !== 200)?.body).toMatchObject({ error: 'FORBIDDEN' })
        const admins = Object.entries(await entriesOf(id)).filter(([, codes]) => codes === 'ADMIN')
        expect(admins).toHaveLength(1)
      }
    })
  })

  it.each([
    [
      'an unknown code',
      { add: [{ companyId: 'globex', email: 'a@globex.test', permissions: ['OWNER'] }] },
      'INVALID_PAYLOAD',
    ],
    ['no codes', { add: [{ companyId: 'globex', email: 'a@globex.test', permissions: [] }] }, 'INVALID_PAYLOAD'],
    ['an invalid address', { add: [{ companyId: 'globex', email: 'a@', permissions: ['ASSIGN'] }] }, 'INVALID_PAYLOAD'],
    ['a missing company', { remove: [{ email: 'a@globex.test' }] }, 'INVALID_PAYLOAD'],
    [
      'codes that make no known role',
      { add: [{ companyId: 'globex', email: 'a@globex.test', permissions: ['ADMIN', 'ASSIGN'] }] },
      'INVALID_PAYLOAD',
    ],
    [
      'the same address added twice',
      {
        add: [
          { companyId: 'globex', email: 'twice@globex.test', permissions: ['ASSIGN'] },
          { companyId: 'globex', email: 'twice@globex.test', permissions: ['ADMIN'] },
        ],
      },
      'INVALID_PAYLOAD',
    ],
    ['an address without a role', { remove: [{ companyId: 'globex', email: 'nobody@globex.test' }] }, 'NOT_FOUND'],
    ['a company that does not exist', { remove: [{ companyId: 'no-such-company', email: 'a@b.test' }] }, 'FORBIDDEN'],
  ])('refuses %s', async (_case, payload, error) => {
    const before = await entriesOf('globex')
    const answer = await ask(
      'updatePermissions',
      payload as Payload<'updatePermissions'>,
      credentials.resellerAdministrator,
    )
    expect(answer).toMatchObject({ status: 500, body: { error } })
    expect(await entriesOf('globex')).toEqual(before)
  })

  it('refuses a retrievePermissions payload without a company', async () => {
    expect(
      (await ask('retrievePermissions', {} as Payload<'retrievePermissions'>, credentials.resellerAdministrator)).body,
    ).toMatchObject({
      error: 'INVALID_PAYLOAD',
    })
  })
})
