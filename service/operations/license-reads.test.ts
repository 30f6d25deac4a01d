// retrieveLicenses: a table's rows a change touches, compared with the whole account's read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { License } from '../../protocol/entities.js'
import { MAX_LICENSES_READ } from '../../protocol/shared/limits.js'
import type { Details, Result } from '../../protocol/operations.js'
import { demoRefs } from '../../demo/seed.js'
import { seedBenchCompany } from '../../demo/seed.js'
import { createTestService, signInAs } from '../../tests/support/service.js'

type TestService = Awaited<ReturnType<typeof createTestService>>
let service: TestService
const sessions = new Map<string, string>()
const everyone = ['olivia@acme.test', 'max@acme.test', 'rita@reseller.test', 'ray@reseller.test', 'pat@personal.test']
const { acme, globex } = demoRefs.companies

beforeAll(async () => {
  service = await createTestService()
  for (const email of everyone) sessions.set(email, await signInAs(service, email))
})
afterAll(async () => {
  await service.close()
})

async function read(email: string, payload: object) {
  const answer = await service.call({ retrieveLicenses: payload }, sessions.get(email))
  return answer.status === 200
    ? { ok: true as const, result: (answer.body as { retrieveLicenses: Result<'retrieveLicenses'> }).retrieveLicenses }
    : { ok: false as const, ...(answer.body as { error: string; message: string }) }
}
async function fullRead(email: string): Promise<Details> {
  const answer = await service.call({ retrieveDetails: {} }, sessions.get(email))
  return (answer.body as { retrieveDetails: Details }).retrieveDetails
}
const byId = (licenses: readonly License[]) => [...licenses].sort((a, b) => a.id.localeCompare(b.id))
const ok = async (email: string, payload: object) => {
  const answer = await read(email, payload)
  if (!answer.ok) throw new Error(`refused: ${answer.message}`)
  return answer.result
}

describe('retrieveLicenses', () => {
  it("answers a company's licenses, its name and the caller's flags as the whole account's read has them", async () => {
    for (const email of ['olivia@acme.test', 'max@acme.test']) {
      const full = (await fullRead(email)).body.companies.find((c) => c.id === acme)!
      const { company, subscription, licenses } = await ok(email, { table: acme })
      const { licenses: fullLicenses, subscriptions: _, ...flags } = full
      expect(company).toEqual(flags)
      expect(subscription).toBeUndefined()
      expect(byId(licenses)).toEqual(byId(fullLicenses))
    }
    const olivia = await ok('olivia@acme.test', { table: acme })
    const max = await ok('max@acme.test', { table: acme })
    expect(olivia.company).toMatchObject({ name: 'Acme Corp', canAssign: true, canRenew: true, canAddUsers: true })
    expect(max.company).toMatchObject({ canAssign: true, canRenew: false, canAddUsers: false })
  })

  it("answers the personal table as the whole account's read has it, without a company", async () => {
    const full = await fullRead('pat@personal.test')
    const { company, licenses } = await ok('pat@personal.test', { table: 'personal' })
    expect(company).toBeUndefined()
    expect(byId(licenses)).toEqual(byId(full.body.personal.licenses))
  })

  it("answers the licenses outside subscriptions only, as the page's license table holds them", async () => {
    const full = (await fullRead('olivia@acme.test')).body.companies.find((c) => c.id === acme)!
    const outside = full.licenses.filter((l) => !l.subscription)
    expect(outside.length).toBeLessThan(full.licenses.length)
    const { licenses } = await ok('olivia@acme.test', { table: acme, subscriptionId: null })
    expect(byId(licenses)).toEqual(byId(outside))
  })

  it("answers a product group's licenses only", async () => {
    const full = (await fullRead('olivia@acme.test')).body.companies.find((c) => c.id === acme)!
    const wallaby = full.licenses.filter((l) => l.productGroup === 'wallaby')
    expect(wallaby.length).toBeGreaterThan(0)
    const { licenses } = await ok('olivia@acme.test', { table: acme, productGroup: 'wallaby' })
    expect(byId(licenses)).toEqual(byId(wallaby))
  })

  it('answers a subscription with all its licenses, as the whole read has it', async () => {
    const id = demoRefs.subscriptions.acmeLapsing
    const full = (await fullRead('olivia@acme.test')).body.companies
      .find((c) => c.id === acme)!
      .subscriptions.find((s) => s.subscriptionId === id)!
    const { subscription, licenses } = await ok('olivia@acme.test', { table: acme, subscriptionId: id })
    expect({ ...subscription, licenses: byId(subscription!.licenses) }).toEqual({
      ...full,
      licenses: byId(full.licenses),
    })
    expect(byId(licenses)).toEqual(byId(full.licenses))
    expect(licenses.every((l) => l.subscription?.subscriptionId === id)).toBe(true)
  })

  it("finds a subscription's table when only the subscription is named; anyone else's is not found", async () => {
    const acmeId = demoRefs.subscriptions.acmeLapsing
    const named = await ok('olivia@acme.test', { subscriptionId: acmeId, ids: [] })
    const withTable = await ok('olivia@acme.test', { table: acme, subscriptionId: acmeId, ids: [] })
    expect(named).toEqual(withTable)
    expect(named.company?.id).toBe(acme)
    expect(named.subscription?.subscriptionId).toBe(acmeId)
    expect(named.licenses).toEqual([])

    const patId = demoRefs.subscriptions.patMonthly
    const own = await ok('pat@personal.test', { subscriptionId: patId })
    expect(own.company).toBeUndefined()
    expect(own.subscription?.subscriptionId).toBe(patId)
    expect(own.licenses.length).toBeGreaterThan(0)

    const notFound = { ok: false, error: 'NOT_FOUND', message: `Subscription ${patId} was not found.` }
    expect(await read('olivia@acme.test', { subscriptionId: patId })).toEqual(notFound)
    expect(await read('pat@personal.test', { subscriptionId: acmeId })).toMatchObject({ error: 'NOT_FOUND' })
    expect(await read('pat@personal.test', { subscriptionId: 'no-such-subscription' })).toMatchObject({
      error: 'NOT_FOUND',
    })
    expect(await read('pat@personal.test', { subscriptionId: null })).toMatchObject({ error: 'INVALID_PAYLOAD' })
  })

  it('finds the table of licenses named without one: their company, or the personal table', async () => {
    const full = (await fullRead('olivia@acme.test')).body.companies.find((c) => c.id === acme)!
    const refs = full.licenses.slice(0, 2).map((l) => ({ id: l.id, owner: l.owner }))
    expect(await ok('olivia@acme.test', { ids: refs })).toEqual(
      await ok('olivia@acme.test', { table: acme, ids: refs }),
    )

    const pat = (await fullRead('pat@personal.test')).body.personal.licenses[0]
    const own = await ok('pat@personal.test', { ids: [{ id: pat.id, owner: pat.owner }] })
    expect(own).toEqual({ licenses: [pat] })
    // Another's license, or one of a company where the caller holds no role and that is not assigned to them.
    expect(await read('olivia@acme.test', { ids: [{ id: pat.id, owner: pat.owner }] })).toMatchObject({
      error: 'NOT_FOUND',
    })
    expect(await read('pat@personal.test', { ids: refs })).toMatchObject({ error: 'NOT_FOUND' })
    // Licenses of several owners need their table named.
    const mixed = await read('olivia@acme.test', { ids: [...refs, { id: pat.id, owner: pat.owner }] })
    expect(mixed).toMatchObject({ error: 'INVALID_PAYLOAD' })
  })

  it('answers named licenses in the order named, each once', async () => {
    const full = (await fullRead('olivia@acme.test')).body.companies.find((c) => c.id === acme)!
    const picked = [full.licenses[3], full.licenses[0], full.licenses[7]]
    const refs = picked.map((l) => ({ id: l.id, owner: l.owner }))
    const { licenses } = await ok('olivia@acme.test', { table: acme, ids: [...refs, refs[0]] })
    expect(licenses).toEqual(picked)
  })

  it('answers the company alone for an empty list of licenses', async () => {
    const { company, licenses } = await ok('max@acme.test', { table: acme, ids: [] })
    expect(company).toMatchObject({ id: acme, name: 'Acme Corp', canAssign: true, canRenew: false })
    expect(licenses).toEqual([])
  })

  it('refuses a company the caller holds no role in, or that is not there, alike', async () => {
    const foreign = await read('olivia@acme.test', { table: globex })
    const missing = await read('olivia@acme.test', { table: 'no-such-company' })
    expect(foreign).toEqual({ ok: false, error: 'NOT_FOUND', message: 'This company was not found.' })
    expect(missing).toEqual(foreign)
    // A reseller sees the companies it holds a role in.
    const {
      licenses: _,
      subscriptions: __,
      ...flags
    } = (await fullRead('ray@reseller.test')).body.companies.find((c) => c.id === globex)!
    expect((await ok('ray@reseller.test', { table: globex })).company).toEqual(flags)
  })

  it("refuses another table's subscription and a license outside the table or with another owner", async () => {
    const globexSubscription = await read('olivia@acme.test', {
      table: acme,
      subscriptionId: demoRefs.subscriptions.globexAnnual,
    })
    expect(globexSubscription).toMatchObject({ ok: false, error: 'NOT_FOUND' })
    const personalSubscription = await read('olivia@acme.test', {
      table: 'personal',
      subscriptionId: demoRefs.subscriptions.acmeLapsing,
    })
    expect(personalSubscription).toMatchObject({ ok: false, error: 'NOT_FOUND' })

    const patLicense = demoRefs.licenses.patTrial
    const outside = await read('olivia@acme.test', { table: acme, ids: [{ id: patLicense, owner: acme }] })
    expect(outside).toEqual({ ok: false, error: 'NOT_FOUND', message: `License ${patLicense} was not found.` })
    const acmeLicense = demoRefs.licenses.acmeBundleAssigned
    const wrongOwner = await read('olivia@acme.test', {
      table: acme,
      ids: [{ id: acmeLicense, owner: 'olivia@acme.test' }],
    })
    expect(wrongOwner).toMatchObject({ ok: false, error: 'NOT_FOUND' })
    // A named license of another product group than the one asked for is not in the answer's scope either.
    const otherGroup = await read('olivia@acme.test', {
      table: acme,
      productGroup: 'quokka',
      ids: [{ id: acmeLicense, owner: acme }],
    })
    expect(otherGroup).toMatchObject({ ok: false, error: 'NOT_FOUND' })
  })

  it('refuses without a session, and a list of named licenses past the limit', async () => {
    const anonymous = await service.call({ retrieveLicenses: { table: acme } })
    expect(anonymous.body).toMatchObject({ error: 'NOT_AUTHENTICATED' })
    const tooMany = Array.from({ length: MAX_LICENSES_READ + 1 }, (_, i) => ({ id: `l${i}`, owner: acme }))
    const answer = await read('olivia@acme.test', { table: acme, ids: tooMany })
    expect(answer).toMatchObject({
      ok: false,
      error: 'INVALID_PAYLOAD',
      message: expect.stringContaining('At most 10,000 licenses can be read in one request; send the rest in another.'),
    })
  })

  it('refuses a table read that would answer more than the limit, and answers its narrower reads', async () => {
    const { email, companyId } = await seedBenchCompany(service.db, MAX_LICENSES_READ + 1)
    sessions.set(email, await signInAs(service, email))
    const whole = await read(email, { table: companyId })
    expect(whole).toEqual({
      ok: false,
      error: 'INVALID_REQUEST',
      message:
        "This table holds more than 10,000 licenses of the kind asked for: ask for a subscription's, a product group's or named licenses.",
    })
    const quokka = await ok(email, { table: companyId, productGroup: 'quokka' })
    const counted = await service.db
      .selectFrom('licenses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner', '=', companyId)
      .where('product_group', '=', 'quokka')
      .executeTakeFirstOrThrow()
    expect(quokka.licenses).toHaveLength(Number(counted.n))
  })
})
