import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_ASSIGNMENT_CHANGES, MAX_OFFLINE_KEYS, MAX_RENEWALS, limitMessage } from '../../protocol/shared/limits.js'
import { seedBenchCompany } from '../../demo/seed.js'
import { createTestService, signInAs } from '../../tests/support/service.js'

// Bulk operations of a 10,000-license company: each runs as one call (one transaction) up to its documented limit,
// and past it is refused with a message that says the limit.
type Service = Awaited<ReturnType<typeof createTestService>>

describe('bulk operations of a large company', () => {
  let service: Service
  let credential = ''
  let companyId = ''
  beforeAll(async () => {
    service = await createTestService()
    const bench = await seedBenchCompany(service.db, 10_000)
    companyId = bench.companyId
    credential = await signInAs(service, bench.email)
  }, 120_000)
  afterAll(async () => {
    await service.close()
  })

  const free = (limit: number) =>
    service.db
      .selectFrom('licenses')
      .select(['id', 'owner'])
      .where('owner', '=', companyId)
      .where('assigned_to', '=', '')
      .where('subscription_id', 'is', null)
      .where('product_name', 'not like', '%Enterprise%')
      .orderBy('id')
      .limit(limit)
      .execute()

  it('assigns 1,000 licenses in one call, and a stale one among them changes nothing', async () => {
    const refs = await free(1_000)
    expect(refs).toHaveLength(1_000)
    const changes = refs.map((r, i) => ({ ...r, assignedTo: `bulk-${i}@bench.test`, assignedToBefore: '' }))
    const stale = changes.map((c, i) => (i === 999 ? { ...c, assignedToBefore: 'someone@bench.test' } : c))
    const refused = await service.call({ changeAssignment: { licenses: stale } }, credential)
    expect(refused.body).toMatchObject({ error: 'ASSIGNMENT_CHANGED' })
    const none = await service.db
      .selectFrom('licenses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('assigned_to', 'like', 'bulk-%')
      .executeTakeFirstOrThrow()
    expect(Number(none.n)).toBe(0)

    const done = await service.call({ changeAssignment: { licenses: changes } }, credential)
    expect(done).toMatchObject({ status: 200, body: { changeAssignment: { completed: true } } })
    const assigned = await service.db
      .selectFrom('licenses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('assigned_to', 'like', 'bulk-%@bench.test')
      .executeTakeFirstOrThrow()
    expect(Number(assigned.n)).toBe(1_000)
  }, 60_000)

  it('gives the offline keys of all 10,000 licenses in one call', async () => {
    const refs = await service.db
      .selectFrom('licenses')
      .select(['id', 'owner'])
      .where('owner', '=', companyId)
      .execute()
    expect(refs).toHaveLength(10_000)
    const answer = await service.call({ offlineLicense: { ids: refs } }, credential)
    expect(answer.status).toBe(200)
    const keys = (answer.body as { offlineLicense: { licenses: { id: string; licenseKey: string }[] } }).offlineLicense
    expect(keys.licenses).toHaveLength(10_000)
    expect(new Set(keys.licenses.map((k) => k.id))).toEqual(new Set(refs.map((r) => r.id)))
  }, 60_000)

  it('refuses a call past its limit with a message that says the limit', async () => {
    const ref = { id: 'x', owner: companyId }
    const cases = [
      {
        changeAssignment: {
          licenses: Array.from({ length: MAX_ASSIGNMENT_CHANGES + 1 }, (_, i) => ({
            ...ref,
            id: `x${i}`,
            assignedTo: '',
          })),
        },
      },
      { offlineLicense: { ids: Array.from({ length: MAX_OFFLINE_KEYS + 1 }, () => ref) } },
      { renewal: { ids: Array.from({ length: MAX_RENEWALS + 1 }, () => ref) } },
    ]
    const messages = [
      limitMessage(MAX_ASSIGNMENT_CHANGES, 'assigned or unassigned'),
      limitMessage(MAX_OFFLINE_KEYS, 'given offline keys'),
      limitMessage(MAX_RENEWALS, 'renewed'),
    ]
    for (const [i, request] of cases.entries()) {
      const answer = await service.call(request, credential)
      expect(answer.status).toBe(500)
      expect(answer.body).toMatchObject({ error: 'INVALID_PAYLOAD' })
      expect((answer.body as { message: string }).message).toContain(messages[i])
    }
    expect(messages[2]).toBe('At most 1,000 licenses can be renewed in one request; send the rest in another.')
  })

  it('lists the permissions of a company with 1,000 people', async () => {
    const now = Date.now()
    const rows = Array.from({ length: 999 }, (_, i) => ({
      company_id: companyId,
      email: `person-${i}@bench.test`,
      permissions: 'ASSIGN',
      created_at: now,
    }))
    for (let i = 0; i < rows.length; i += 200)
      await service.db
        .insertInto('company_permissions')
        .values(rows.slice(i, i + 200))
        .execute()
    const answer = await service.call({ retrievePermissions: { companyId } }, credential)
    expect(answer.status).toBe(200)
    expect(
      (answer.body as { retrievePermissions: { permissions: unknown[] } }).retrievePermissions.permissions,
    ).toHaveLength(1_000)
  })
})
