// Mail to one address is throttled (a budget per address, kind and 15 minutes, kept in the store), and of an account's
// emailed links only the newest works.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import { createTestService, latestLink, signInAs } from '../../tests/support/service.js'
import { MAIL_WINDOW_MS, mailBudgetRefusal } from './mail-budget.js'

const BUDGET = 5
let clock = Date.now()
let service: Awaited<ReturnType<typeof createTestService>>
beforeAll(async () => {
  service = await createTestService({ now: () => clock, env: { NODE_ENV: 'test', MAIL_PER_ADDRESS: String(BUDGET) } })
})
beforeEach(() => {
  clock = Date.now()
})
afterAll(async () => {
  await service.close()
})

type Answer = { status: number; body: Record<string, unknown> }
const call = async (request: unknown, credential?: string) => (await service.call(request, credential)) as Answer
const MANAGE = 'http://portal.test/manage/'
const CONFIRM = 'http://portal.test/confirmEmail/'

/** The mails the outbox holds for `to` whose subject contains `subject`. */
async function mailsTo(to: string, subject: string): Promise<string[]> {
  const rows = await service.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text'])
    .where('to', '=', to)
    .orderBy('id')
    .execute()
  return rows.filter((row) => row.subject.includes(subject)).map((row) => row.text)
}

const signInLink = (email: string) => call({ manageLicense: { type: 'link', email } })
const passthroughOf = (link: string, prefix: string) => link.slice(prefix.length).replace(/\/$/, '')

// Outside production the refusal also tells the one trying the portal how to raise the budget.
const raise = ` (Outside production: MAIL_PER_ADDRESS allows ${BUDGET} such mails per address in 15 minutes; set it higher in .env and restart the portal to allow more.)`

describe('sign-in links', () => {
  it('30 sign-in link requests for one address at once send at most the budget; the rest are refused with when to try again', async () => {
    const email = 'olivia@acme.test'
    const answers = await Promise.all(Array.from({ length: 30 }, () => signInLink(email)))
    const sent = answers.filter((a) => a.status === 200)
    expect(sent).toHaveLength(BUDGET)
    const refused = answers.filter((a) => a.status !== 200)
    expect(refused).toHaveLength(30 - BUDGET)
    for (const answer of refused) {
      expect(answer.body).toEqual({
        error: 'RATE_LIMITED',
        message:
          'Several sign-in links were sent to olivia@acme.test in the last few minutes. Use the newest one, or ask for another in 15 minutes.' +
          raise,
      })
    }
    expect(await mailsTo(email, 'sign-in link')).toHaveLength(BUDGET)

    // Of the links mailed, only the newest works.
    const links = (await mailsTo(email, 'sign-in link')).map(
      (text) => text.match(/http:\/\/portal\.test\/manage\/\S+/)![0],
    )
    const newest = links.at(-1)!
    for (const link of links.slice(0, -1)) {
      expect((await call({ retrieveDetails: { passthrough: passthroughOf(link, MANAGE) } })).body).toEqual({
        error: 'LINK_REPLACED',
        message: 'This link was replaced by a newer one; use the link in the most recent email.',
      })
    }
    const opened = await call({ retrieveDetails: { passthrough: passthroughOf(newest, MANAGE) } })
    expect(opened.body).toMatchObject({ retrieveDetails: { session: expect.any(String) } })

    // The window over, the address gets links again.
    clock += MAIL_WINDOW_MS
    expect((await signInLink(email)).status).toBe(200)
  })

  it('the budget is per address: another address still gets its link', async () => {
    for (let i = 0; i < BUDGET; i++) expect((await signInLink('root@vendor.test')).status).toBe(200)
    expect((await signInLink('root@vendor.test')).body).toMatchObject({ error: 'RATE_LIMITED' })
    expect((await signInLink('pat@personal.test')).status).toBe(200)
  })

  it('two instances on one store share the budget', async () => {
    const other = await createTestService({
      now: () => clock,
      seed: false,
      database: service.store,
      env: { NODE_ENV: 'test', MAIL_PER_ADDRESS: String(BUDGET) },
    })
    try {
      const email = 'max@acme.test'
      const answers = []
      for (let i = 0; i < 2 * BUDGET; i++) {
        answers.push(await (i % 2 === 0 ? service : other).call({ manageLicense: { type: 'link', email } }))
      }
      expect(answers.filter((a) => a.status === 200)).toHaveLength(BUDGET)
      expect(await mailsTo(email, 'sign-in link')).toHaveLength(BUDGET)
    } finally {
      await other.close()
    }
  })
})

describe('change of email', () => {
  it('20 change-of-email requests to one third-party address mail it at most the budget', async () => {
    const credential = await signInAs(service, 'pat@personal.test')
    const to = 'third.party@elsewhere.test'
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call({ transferLicenses: { transferTo: to } }, credential)),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(BUDGET)
    expect(answers.find((a) => a.status !== 200)?.body).toEqual({
      error: 'RATE_LIMITED',
      message:
        'Several confirmation emails were sent to third.party@elsewhere.test in the last few minutes. Use the newest one, or try again in 15 minutes.' +
        raise,
    })
    expect(await mailsTo(to, 'Confirm your new')).toHaveLength(BUDGET)
  })

  it('a superseded change-of-email link is refused and changes nothing; the newest one moves everything', async () => {
    clock += MAIL_WINDOW_MS
    const from = 'pat@personal.test'
    const credential = await signInAs(service, from)
    const owned = await service.db.selectFrom('licenses').select('id').where('owner', '=', from).execute()
    expect(owned.length).toBeGreaterThan(0)

    expect((await call({ transferLicenses: { transferTo: 'pat.a@personal.test' } }, credential)).status).toBe(200)
    const toA = passthroughOf(await latestLink(service, 'pat.a@personal.test', CONFIRM), CONFIRM)
    expect((await call({ transferLicenses: { transferTo: 'pat.b@personal.test' } }, credential)).status).toBe(200)
    const toB = passthroughOf(await latestLink(service, 'pat.b@personal.test', CONFIRM), CONFIRM)

    expect((await call({ confirmEmailChange: { passthrough: toA } })).body).toEqual({
      error: 'LINK_REPLACED',
      message: 'This link was replaced by a newer one; use the link in the most recent email.',
    })
    const ownedBy = async (email: string) =>
      (await service.db.selectFrom('licenses').select('id').where('owner', '=', email).execute()).length
    expect(await ownedBy('pat.a@personal.test')).toBe(0)
    expect(await ownedBy(from)).toBe(owned.length)

    expect((await call({ confirmEmailChange: { passthrough: toB } })).body).toEqual({
      confirmEmailChange: { completed: true },
    })
    expect(await ownedBy('pat.b@personal.test')).toBe(owned.length)
    // The replaced link stays refused after the change, too.
    expect((await call({ confirmEmailChange: { passthrough: toA } })).body).toMatchObject({ error: 'LINK_REPLACED' })
    expect(await ownedBy('pat.a@personal.test')).toBe(0)
  })

  it('a confirmed change revokes the pending change of the address it moves to, so that link cannot carry off what was merged', async () => {
    clock += MAIL_WINDOW_MS
    // root asks to move to an outside address, and does not confirm yet.
    const root = await signInAs(service, 'root@vendor.test')
    const outside = 'root.outside@elsewhere.test'
    expect((await call({ transferLicenses: { transferTo: outside } }, root)).status).toBe(200)
    const pending = passthroughOf(await latestLink(service, outside, CONFIRM), CONFIRM)

    // Meanwhile a personal holder moves everything to root's address, with a sign-in link of theirs unused.
    const from = 'pat.b@personal.test'
    const patB = await signInAs(service, from)
    expect((await call({ transferLicenses: { transferTo: 'root@vendor.test' } }, patB)).status).toBe(200)
    expect((await signInLink(from)).status).toBe(200)
    const unusedSignIn = passthroughOf(await latestLink(service, from, MANAGE), MANAGE)
    const merge = passthroughOf(await latestLink(service, 'root@vendor.test', CONFIRM), CONFIRM)
    expect((await call({ confirmEmailChange: { passthrough: merge } })).body).toEqual({
      confirmEmailChange: { completed: true },
    })

    expect((await call({ confirmEmailChange: { passthrough: pending } })).body).toMatchObject({
      error: 'LINK_REPLACED',
    })
    const outsideOwns = await service.db.selectFrom('licenses').select('id').where('owner', '=', outside).execute()
    expect(outsideOwns).toEqual([])
    // And the old address's unused sign-in link went with the change: retired, and the address now holds nothing.
    expect((await call({ retrieveDetails: { passthrough: unusedSignIn } })).body).toMatchObject({ error: 'NO_USER' })
    expect((await call({ signInLink: { passthrough: unusedSignIn } })).body).toEqual({
      signInLink: { state: 'retired', email: from },
    })
  })
})

describe('activation confirmations', () => {
  it('a holder gets at most the budget of confirmations; past it the editor is told when to try again', async () => {
    clock += MAIL_WINDOW_MS
    const { license_key } = await service.db
      .selectFrom('licenses')
      .select('license_key')
      .where('id', '=', demoRefs.licenses.acmeBundleAssigned)
      .executeTakeFirstOrThrow()
    const holder = await service.db
      .selectFrom('licenses')
      .select(['owner', 'assigned_to'])
      .where('id', '=', demoRefs.licenses.acmeBundleAssigned)
      .executeTakeFirstOrThrow()
    const to = holder.assigned_to ?? holder.owner
    const before = (await mailsTo(to, 'Confirm the activation')).length
    const answers = []
    for (let i = 0; i < BUDGET + 3; i++) {
      answers.push(await call({ activation: { licenseKey: license_key, hostname: `host-${i}` } }))
    }
    expect(answers.map((a) => a.status)).toEqual([...Array(BUDGET).fill(200), 500, 500, 500])
    expect(answers.at(-1)?.body).toEqual({
      error: 'RATE_LIMITED',
      message:
        'Several confirmation emails were sent for this license in the last few minutes. Confirm with the newest one, or try again in 15 minutes.' +
        raise,
    })
    expect((await mailsTo(to, 'Confirm the activation')).length - before).toBe(BUDGET)
  })
})

it('says nothing of the configuration in production, where the one refused is a customer', () => {
  const refusal = mailBudgetRefusal('sign-in', 'olivia@acme.test', 60_000, { mails: 5, production: true })
  expect(refusal.message).toBe(
    'Several sign-in links were sent to olivia@acme.test in the last few minutes. Use the newest one, or ask for another in 1 minute.',
  )
})
