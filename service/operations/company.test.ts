import { beforeAll, describe, expect, it } from 'vitest'
import type { Payload } from '../../protocol/operations.js'
import { demoRefs } from '../../demo/seed.js'
import { offlineKeySigner, verifyOfflineKey } from '../offline-keys/index.js'
import { signInAs } from '../../tests/support/service.js'
import { ask, credentials, service, startRoleService, type Who } from '../../tests/support/role-service.js'

startRoleService()

async function licensesOfOrder(order: string) {
  return service.db.selectFrom('licenses').selectAll().where('order_id', '=', order).orderBy('key_number').execute()
}

async function outboxTo(email: string) {
  return service.db.selectFrom('mail_outbox').selectAll().where('to', '=', email).orderBy('id').execute()
}

describe('authorization matrix: changeAssignment and offlineLicense on a Globex license', () => {
  const matrix: Array<[Who, { assign: boolean; offlineKey: boolean }]> = [
    ['resellerAdministrator', { assign: true, offlineKey: true }],
    ['resellerManager', { assign: false, offlineKey: true }],
    ['companyAdministrator', { assign: true, offlineKey: true }],
    ['companyManager', { assign: true, offlineKey: true }],
    ['noRole', { assign: false, offlineKey: false }],
    ['foreignCompany', { assign: false, offlineKey: false }],
  ]

  it.each(matrix)('%s: assign %j', async (role, expected) => {
    const [, , third] = await licensesOfOrder(demoRefs.orders.globexWallaby)
    const assignedTo = `${role.toLowerCase()}@globex.test`
    const answer = await ask(
      'changeAssignment',
      { licenses: [{ id: third.id, owner: third.owner, assignedTo }] },
      credentials[role],
    )
    const after = await service.db
      .selectFrom('licenses')
      .select('assigned_to')
      .where('id', '=', third.id)
      .executeTakeFirstOrThrow()
    if (expected.assign) {
      expect(answer).toEqual({ status: 200, body: { completed: true } })
      expect(after.assigned_to).toBe(assignedTo)
    } else {
      expect(answer).toMatchObject({ status: 500, body: { error: 'FORBIDDEN' } })
      expect(after.assigned_to).not.toBe(assignedTo)
    }
  })

  it.each(matrix)('%s: offline key %j', async (role, expected) => {
    const [first] = await licensesOfOrder(demoRefs.orders.globexWallaby)
    const answer = await ask('offlineLicense', { ids: [{ id: first.id, owner: first.owner }] }, credentials[role])
    if (expected.offlineKey) {
      expect(answer.status).toBe(200)
      expect(answer.body.licenses).toEqual([{ id: first.id, owner: 'globex', licenseKey: expect.any(String) }])
    } else {
      expect(answer).toMatchObject({ status: 500, body: { error: 'FORBIDDEN' } })
    }
  })

  it('refuses both without a session', async () => {
    const [first] = await licensesOfOrder(demoRefs.orders.globexWallaby)
    const ref = { id: first.id, owner: first.owner }
    expect((await ask('changeAssignment', { licenses: [{ ...ref, assignedTo: '' }] })).body).toMatchObject({
      error: 'NOT_AUTHENTICATED',
    })
    expect((await ask('offlineLicense', { ids: [ref] })).body).toMatchObject({ error: 'NOT_AUTHENTICATED' })
  })
})

describe('changeAssignment', () => {
  let olivia: string
  let max: string
  beforeAll(async () => {
    olivia = await signInAs(service, 'olivia@acme.test')
    max = await signInAs(service, 'max@acme.test')
  })

  it('assigns and unassigns one license; the Company Manager may do it too', async () => {
    const ref = { id: demoRefs.licenses.acmeBundleUnassigned, owner: 'acme' }
    expect(
      (await ask('changeAssignment', { licenses: [{ ...ref, assignedTo: 'New.Person@Acme.test' }] }, max)).status,
    ).toBe(200)
    const details = await ask('retrieveDetails', {}, olivia)
    const acme = (
      details.body.body as { companies: Array<{ id: string; licenses: Array<{ id: string; assignedTo: string }> }> }
    ).companies.find((c) => c.id === 'acme')
    expect(acme?.licenses.find((l) => l.id === ref.id)?.assignedTo).toBe('new.person@acme.test')

    expect((await ask('changeAssignment', { licenses: [{ ...ref, assignedTo: '' }] }, olivia)).status).toBe(200)
    const row = await service.db
      .selectFrom('licenses')
      .select('assigned_to')
      .where('id', '=', ref.id)
      .executeTakeFirstOrThrow()
    expect(row.assigned_to).toBe('')
  })

  it('mails each new assignee after the change when asked, and nobody when not', async () => {
    const [, , , , , , seventh, eighth] = await licensesOfOrder(demoRefs.orders.acmeBundle)
    await ask(
      'changeAssignment',
      { licenses: [{ id: seventh.id, owner: 'acme', assignedTo: 'told@acme.test' }], sendEmail: true },
      olivia,
    )
    const mails = await outboxTo('told@acme.test')
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toBe('The company "Acme Corp" has assigned you a license')
    expect(mails[0].text).toContain(seventh.license_key)
    expect(mails[0].text).toContain('olivia@acme.test has assigned you a license of the company "Acme Corp"')

    await ask(
      'changeAssignment',
      { licenses: [{ id: eighth.id, owner: 'acme', assignedTo: 'untold@acme.test' }] },
      olivia,
    )
    expect(await outboxTo('untold@acme.test')).toHaveLength(0)
  })

  it('applies a bulk plan in one transaction: all or nothing', async () => {
    const quokka = await licensesOfOrder(demoRefs.orders.acmeQuokka)
    const before = quokka.map((l) => l.assigned_to)
    const plan = quokka.slice(0, 4).map((l, i) => ({ id: l.id, owner: l.owner, assignedTo: `bulk${i}@acme.test` }))
    // The enterprise license at the end spoils the whole change.
    const spoiled = await ask(
      'changeAssignment',
      {
        licenses: [...plan, { id: demoRefs.licenses.acmeEnterprise, owner: 'acme', assignedTo: 'x@acme.test' }],
        sendEmail: true,
      },
      olivia,
    )
    expect(spoiled).toMatchObject({
      status: 500,
      body: { error: 'CANNOT_ASSIGN', message: 'Cannot assign this license type' },
    })
    expect((await licensesOfOrder(demoRefs.orders.acmeQuokka)).map((l) => l.assigned_to)).toEqual(before)
    expect(await outboxTo('bulk0@acme.test')).toHaveLength(0)

    expect((await ask('changeAssignment', { licenses: plan, sendEmail: true }, olivia)).status).toBe(200)
    expect((await licensesOfOrder(demoRefs.orders.acmeQuokka)).slice(0, 4).map((l) => l.assigned_to)).toEqual(
      plan.map((p) => p.assignedTo),
    )
    expect(await outboxTo('bulk3@acme.test')).toHaveLength(1)
  })

  it('refuses enterprise and multi-user licenses', async () => {
    const answer = await ask(
      'changeAssignment',
      { licenses: [{ id: demoRefs.licenses.acmeEnterprise, owner: 'acme', assignedTo: 'a@acme.test' }] },
      olivia,
    )
    expect(answer).toMatchObject({ status: 500, body: { error: 'CANNOT_ASSIGN' } })
  })

  it('refuses personal licenses, even to their owner', async () => {
    const pat = await signInAs(service, 'pat@personal.test')
    const answer = await ask(
      'changeAssignment',
      { licenses: [{ id: demoRefs.licenses.patExpiringSoon, owner: 'pat@personal.test', assignedTo: 'a@b.test' }] },
      pat,
    )
    expect(answer).toMatchObject({ status: 500, body: { error: 'CANNOT_ASSIGN' } })
  })

  it('refuses a license of another company, even mixed in with allowed ones', async () => {
    const [globexLicense] = await licensesOfOrder(demoRefs.orders.globexWallaby)
    const answer = await ask(
      'changeAssignment',
      {
        licenses: [
          { id: demoRefs.licenses.acmeBundleUnassigned, owner: 'acme', assignedTo: 'a@acme.test' },
          { id: globexLicense.id, owner: 'globex', assignedTo: 'a@acme.test' },
        ],
      },
      olivia,
    )
    expect(answer).toMatchObject({ status: 500, body: { error: 'FORBIDDEN' } })
    const row = await service.db
      .selectFrom('licenses')
      .select('assigned_to')
      .where('id', '=', demoRefs.licenses.acmeBundleUnassigned)
      .executeTakeFirstOrThrow()
    expect(row.assigned_to).not.toBe('a@acme.test')
  })

  it('does not take the owner from the payload: a wrong owner is not found', async () => {
    const [globexLicense] = await licensesOfOrder(demoRefs.orders.globexWallaby)
    const answer = await ask(
      'changeAssignment',
      { licenses: [{ id: globexLicense.id, owner: 'acme', assignedTo: '' }] },
      olivia,
    )
    expect(answer).toMatchObject({ status: 500, body: { error: 'NOT_FOUND' } })
  })

  it.each([
    ['no licenses', { licenses: [] }],
    ['an invalid address', { licenses: [{ id: 'lic_x', owner: 'acme', assignedTo: 'not an email' }] }],
    ['a missing owner', { licenses: [{ id: 'lic_x', assignedTo: '' }] }],
    ['a blank id', { licenses: [{ id: '', owner: 'acme', assignedTo: '' }] }],
    [
      'sendEmail that is not a boolean',
      { licenses: [{ id: 'lic_x', owner: 'acme', assignedTo: '' }], sendEmail: 'yes' },
    ],
  ])('refuses a payload with %s', async (_case, payload) => {
    expect(await ask('changeAssignment', payload as Payload<'changeAssignment'>, olivia)).toMatchObject({
      status: 500,
      body: { error: 'INVALID_PAYLOAD' },
    })
  })

  it('refuses an unknown license and the same license twice', async () => {
    expect(
      (await ask('changeAssignment', { licenses: [{ id: 'lic_nothing', owner: 'acme', assignedTo: '' }] }, olivia))
        .body,
    ).toMatchObject({
      error: 'NOT_FOUND',
    })
    const ref = { id: demoRefs.licenses.acmeBundleUnassigned, owner: 'acme' }
    const twice = await ask(
      'changeAssignment',
      {
        licenses: [
          { ...ref, assignedTo: 'a@acme.test' },
          { ...ref, assignedTo: 'b@acme.test' },
        ],
      },
      olivia,
    )
    expect(twice.body).toMatchObject({ error: 'INVALID_PAYLOAD' })
  })
})

describe('offlineLicense', () => {
  let olivia: string
  let pat: string
  beforeAll(async () => {
    olivia = await signInAs(service, 'olivia@acme.test')
    pat = await signInAs(service, 'pat@personal.test')
  })

  it('returns a key signed with the service key that holds the license facts', async () => {
    const [license] = await licensesOfOrder(demoRefs.orders.acmeWallaby)
    const answer = await ask('offlineLicense', { ids: [{ id: license.id, owner: 'acme' }] }, olivia)
    const [record] = answer.body.licenses as Array<{ id: string; owner: string; licenseKey: string }>
    const { publicKeyPem } = offlineKeySigner(service.config)
    expect(verifyOfflineKey(record.licenseKey, publicKeyPem)).toEqual({
      v: 1,
      id: license.id,
      licenseKey: license.license_key,
      product: 'Wallaby.js company license',
      productGroup: 'wallaby',
      owner: 'acme',
      order: demoRefs.orders.acmeWallaby,
      key: 1,
      expiration: Number(license.expiration),
    })
  })

  it('answers several keys at once, once per license', async () => {
    const licenses = await licensesOfOrder(demoRefs.orders.acmeBundle)
    const ids = licenses.map((l) => ({ id: l.id, owner: l.owner }))
    const answer = await ask('offlineLicense', { ids: [...ids, ids[0]] }, olivia)
    expect((answer.body.licenses as unknown[]).length).toBe(licenses.length)
  })

  it('gives the owner of a personal license its key, and nobody else', async () => {
    const ref = { id: demoRefs.licenses.patExpiringSoon, owner: 'pat@personal.test' }
    expect((await ask('offlineLicense', { ids: [ref] }, pat)).status).toBe(200)
    expect((await ask('offlineLicense', { ids: [ref] }, olivia)).body).toMatchObject({ error: 'FORBIDDEN' })
  })

  it('refuses Open Source, trial and monthly-subscription licenses (spec §5)', async () => {
    for (const id of [demoRefs.licenses.patOpenSource, demoRefs.licenses.patTrial, demoRefs.licenses.patSubscription]) {
      expect((await ask('offlineLicense', { ids: [{ id, owner: 'pat@personal.test' }] }, pat)).body).toMatchObject({
        error: 'INVALID_STATE',
      })
    }
  })

  it('refuses a bad payload, an unknown license and a wrong owner', async () => {
    expect((await ask('offlineLicense', { ids: [] }, pat)).body).toMatchObject({ error: 'INVALID_PAYLOAD' })
    expect(
      (await ask('offlineLicense', { ids: [{ id: 'x' }] } as unknown as Payload<'offlineLicense'>, pat)).body,
    ).toMatchObject({
      error: 'INVALID_PAYLOAD',
    })
    expect(
      (await ask('offlineLicense', { ids: [{ id: 'lic_none', owner: 'pat@personal.test' }] }, pat)).body,
    ).toMatchObject({
      error: 'NOT_FOUND',
    })
    expect(
      (await ask('offlineLicense', { ids: [{ id: demoRefs.licenses.patExpiringSoon, owner: 'acme' }] }, pat)).body,
    ).toMatchObject({ error: 'NOT_FOUND' })
  })
})
