import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import { LINK_VALIDITY_MS } from '../auth/tokens.js'
import { moveEverything } from './account.js'
import { createTestService, latestLink, signInAs } from '../../tests/support/service.js'

let clock = Date.now()
let service: Awaited<ReturnType<typeof createTestService>>
beforeAll(async () => {
  service = await createTestService({ now: () => clock })
})
beforeEach(() => {
  clock = Date.now()
})
afterAll(async () => {
  await service.close()
})

type Answer = { status: number; body: Record<string, unknown> }
const call = async (request: unknown, credential?: string) => (await service.call(request, credential)) as Answer
const CONFIRM = 'http://portal.test/confirmEmail/'

async function requestChange(from: string, to: string) {
  const credential = await signInAs(service, from)
  const answer = await call({ transferLicenses: { transferTo: to } }, credential)
  expect(answer.body).toEqual({ transferLicenses: { completed: true } })
  const link = await latestLink(service, to, CONFIRM)
  expect(link).toMatch(/^http:\/\/portal\.test\/confirmEmail\/[\w-]+\.[\w-]+\/$/)
  return { credential, passthrough: link.slice(CONFIRM.length, -1) }
}

/** Everything the store holds under an address. */
async function holdings(email: string) {
  const db = service.db
  const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id).sort()
  return {
    account: await db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst(),
    owned: ids(await db.selectFrom('licenses').select('id').where('owner', '=', email).execute()),
    assigned: ids(await db.selectFrom('licenses').select('id').where('assigned_to', '=', email).execute()),
    subscriptions: ids(await db.selectFrom('subscriptions').select('id').where('owner', '=', email).execute()),
    orders: ids(await db.selectFrom('orders').select('id').where('owner', '=', email).execute()),
    permissions: await db
      .selectFrom('company_permissions')
      .select(['company_id', 'permissions'])
      .where('email', '=', email)
      .orderBy('company_id')
      .execute(),
  }
}

describe('accountSettings and updateAccountSettings', () => {
  it('answer the caller’s policy and links', async () => {
    const gary = await signInAs(service, 'gary@google.test')
    expect((await call({ accountSettings: {} }, gary)).body).toEqual({
      accountSettings: { logonLink: 'always', githubLinked: false, googleLinked: true, renewalReminders: true },
    })
    expect((await call({ accountSettings: {} })).body).toMatchObject({ error: 'NOT_AUTHENTICATED' })
  })

  it('saves the policy and unlinks; with GitHub unlinked gita may sign in by link again', async () => {
    // gita cannot use a link (GitHub linked, policy default): make her a session directly, as GitHub sign-in would.
    const { startSession } = await import('../auth/sessions.js')
    const gita = await startSession(service.db, 'gita@github.test', clock)
    expect((await call({ manageLicense: { type: 'link', email: 'gita@github.test' } })).body).toMatchObject({
      error: 'NO_LOGON_LINK',
    })
    expect(
      (await call({ updateAccountSettings: { logonLink: 'always', githubLinked: true, googleLinked: false } }, gita))
        .status,
    ).toBe(200)
    expect((await call({ accountSettings: {} }, gita)).body.accountSettings).toEqual({
      logonLink: 'always',
      githubLinked: true,
      googleLinked: false,
      renewalReminders: true,
    })
    expect((await call({ manageLicense: { type: 'link', email: 'gita@github.test' } })).status).toBe(200)

    expect(
      (await call({ updateAccountSettings: { logonLink: 'default', githubLinked: false, googleLinked: false } }, gita))
        .status,
    ).toBe(200)
    expect((await call({ accountSettings: {} }, gita)).body.accountSettings).toEqual({
      logonLink: 'default',
      githubLinked: false,
      googleLinked: false,
      renewalReminders: true,
    })
    const row = await service.db
      .selectFrom('accounts')
      .select('github_id')
      .where('email', '=', 'gita@github.test')
      .executeTakeFirstOrThrow()
    expect(row.github_id).toBeNull()
    // Nothing linked: the default policy allows the link again.
    expect((await call({ manageLicense: { type: 'link', email: 'gita@github.test' } })).status).toBe(200)
  })

  it('refuses to "link" a provider without its sign-in, changing nothing', async () => {
    const olivia = await signInAs(service, 'olivia@acme.test')
    const answer = await call(
      { updateAccountSettings: { logonLink: 'always', githubLinked: true, googleLinked: false } },
      olivia,
    )
    expect(answer.body).toMatchObject({ error: 'INVALID_STATE' })
    expect((await call({ accountSettings: {} }, olivia)).body.accountSettings).toEqual({
      logonLink: 'default',
      githubLinked: false,
      googleLinked: false,
      renewalReminders: true,
    })
  })
})

describe('the renewal reminders choice', () => {
  it('is on by default, turned off and on again by updateAccountSettings, and kept when not sent', async () => {
    const olivia = await signInAs(service, 'olivia@acme.test')
    const settings = async () => (await call({ accountSettings: {} }, olivia)).body.accountSettings
    expect(await settings()).toMatchObject({ renewalReminders: true })
    const update = (extra: object) =>
      call(
        { updateAccountSettings: { logonLink: 'default', githubLinked: false, googleLinked: false, ...extra } },
        olivia,
      )
    expect((await update({ renewalReminders: false })).status).toBe(200)
    expect(await settings()).toMatchObject({ renewalReminders: false })
    const row = await service.db
      .selectFrom('accounts')
      .select('renewal_reminders')
      .where('email', '=', 'olivia@acme.test')
      .executeTakeFirstOrThrow()
    expect(row.renewal_reminders).toBe(0)
    // A client that does not know the choice leaves it as it is.
    expect((await update({})).status).toBe(200)
    expect(await settings()).toMatchObject({ renewalReminders: false })
    expect((await update({ renewalReminders: true })).status).toBe(200)
    expect(await settings()).toMatchObject({ renewalReminders: true })
    expect((await update({ renewalReminders: 'no' })).body).toMatchObject({ error: 'INVALID_PAYLOAD' })
  })
})

describe('transferLicenses', () => {
  it('is for personal license holders only', async () => {
    const max = await signInAs(service, 'max@acme.test')
    expect((await call({ transferLicenses: { transferTo: 'max.new@acme.test' } }, max)).body).toMatchObject({
      error: 'FORBIDDEN',
    })
  })

  it('refuses the current address (in any case) and an invalid one', async () => {
    const root = await signInAs(service, 'root@vendor.test')
    expect((await call({ transferLicenses: { transferTo: 'Root@Vendor.test' } }, root)).body).toMatchObject({
      error: 'INVALID_REQUEST',
    })
    expect((await call({ transferLicenses: { transferTo: 'not an email' } }, root)).body).toMatchObject({
      error: 'INVALID_PAYLOAD',
    })
    expect((await call({ transferLicenses: { transferTo: 'x@y.test' } })).body).toMatchObject({
      error: 'NOT_AUTHENTICATED',
    })
  })
})

describe('confirmEmailChange', () => {
  it('moves everything in one go, ends the old sessions, and a second use changes nothing', async () => {
    const from = 'pat@personal.test'
    const to = 'pat.renamed@personal.test'
    // Give pat a bit of everything: a role in Acme, an Acme license assigned to him, a GitHub link.
    await service.db
      .insertInto('company_permissions')
      .values({ company_id: demoRefs.companies.acme, email: from, permissions: 'ASSIGN', created_at: clock })
      .execute()
    await service.db
      .updateTable('licenses')
      .set({ assigned_to: from })
      .where('id', '=', demoRefs.licenses.acmeBundleUnassigned)
      .execute()
    await service.db
      .updateTable('accounts')
      .set({ github_id: 'gh-pat', logon_link: 'always' })
      .where('email', '=', from)
      .execute()
    const before = await holdings(from)
    expect(before.owned.length).toBeGreaterThan(3)
    expect(before.subscriptions).toEqual(
      [demoRefs.subscriptions.patMonthly, demoRefs.subscriptions.patPausedEnded].sort(),
    )
    expect(before.orders.length).toBeGreaterThan(3)
    expect(before.assigned).toEqual([demoRefs.licenses.acmeBundleUnassigned])

    const { credential, passthrough } = await requestChange(from, to)
    expect((await call({ confirmEmailChange: { passthrough } })).body).toEqual({
      confirmEmailChange: { completed: true },
    })

    const after = await holdings(to)
    expect(after.owned).toEqual(before.owned)
    expect(after.assigned).toEqual(before.assigned)
    expect(after.subscriptions).toEqual(before.subscriptions)
    expect(after.orders).toEqual(before.orders)
    expect(after.permissions).toEqual([{ company_id: demoRefs.companies.acme, permissions: 'ASSIGN' }])
    expect(after.account).toMatchObject({ github_id: 'gh-pat', logon_link: 'always', admin: 0 })
    const left = await holdings(from)
    expect(left).toEqual({
      account: undefined,
      owned: [],
      assigned: [],
      subscriptions: [],
      orders: [],
      permissions: [],
    })
    // The personal orders' billing contact follows the address.
    const contacts = await service.db.selectFrom('orders').select('customer_email').where('owner', '=', to).execute()
    expect(new Set(contacts.map((c) => c.customer_email))).toEqual(new Set([to]))

    // The old address's session is over; the new address signs in and sees the licenses.
    expect((await call({ retrieveDetails: {} }, credential)).body).toMatchObject({ error: 'INVALID_SIGNATURE' })
    const fresh = await signInAs(service, to)
    const details = (await call({ retrieveDetails: {} }, fresh)).body.retrieveDetails as {
      email: string
      body: {
        personal: { licenses: Array<{ id: string }>; subscriptions: unknown[] }
        companies: Array<{ id: string }>
      }
    }
    expect(details.email).toBe(to)
    expect(details.body.personal.licenses.map((l) => l.id)).toEqual(expect.arrayContaining(before.owned))
    expect(details.body.companies.map((c) => c.id)).toEqual([demoRefs.companies.acme])
    expect(details.body.personal.subscriptions).toHaveLength(2)
    // The old address is told.
    const notice = await service.db
      .selectFrom('mail_outbox')
      .select('text')
      .where('to', '=', from)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(notice.text).toContain(`changed from ${from} to ${to}`)

    // A second use: answered as done, and nothing moves (a license given to the old address since stays there).
    await service.db.updateTable('licenses').set({ owner: from }).where('id', '=', demoRefs.licenses.patTrial).execute()
    expect((await call({ confirmEmailChange: { passthrough } })).body).toEqual({
      confirmEmailChange: { completed: true },
    })
    expect((await holdings(from)).owned).toEqual([demoRefs.licenses.patTrial])
  })

  it('merges into an existing account: the stronger role in a shared company, links it lacks, the admin flag', async () => {
    const from = 'root@vendor.test'
    const to = 'olivia@acme.test'
    await service.db
      .insertInto('company_permissions')
      .values({ company_id: demoRefs.companies.acme, email: from, permissions: 'ASSIGN', created_at: clock })
      .execute()
    const { passthrough } = await requestChange(from, to)
    await service.db.updateTable('accounts').set({ google_id: 'go-root' }).where('email', '=', from).execute()
    const rootBefore = await holdings(from)
    const oliviaBefore = await holdings(to)
    expect((await call({ confirmEmailChange: { passthrough } })).status).toBe(200)

    const merged = await holdings(to)
    expect(merged.owned).toEqual([...oliviaBefore.owned, ...rootBefore.owned].sort())
    expect(merged.account).toMatchObject({ email: to, admin: 1, google_id: 'go-root', logon_link: 'default' })
    const acme = merged.permissions.find((p) => p.company_id === demoRefs.companies.acme)
    expect(acme?.permissions).toBe('ADMIN')
    expect(merged.permissions.map((p) => p.company_id)).toEqual(
      [...new Set([...oliviaBefore.permissions, ...rootBefore.permissions].map((p) => p.company_id))].sort(),
    )
    expect(await holdings(from)).toEqual({
      account: undefined,
      owned: [],
      assigned: [],
      subscriptions: [],
      orders: [],
      permissions: [],
    })
  })

  it('two confirmations of the same link at once move once and both answer done', async () => {
    const from = 'gary@google.test'
    const to = 'gary.renamed@google.test'
    const before = await holdings(from)
    const { passthrough } = await requestChange(from, to)
    const answers = await Promise.all([
      call({ confirmEmailChange: { passthrough } }),
      call({ confirmEmailChange: { passthrough } }),
    ])
    expect(answers.map((a) => a.body)).toEqual([
      { confirmEmailChange: { completed: true } },
      { confirmEmailChange: { completed: true } },
    ])
    expect((await holdings(to)).owned).toEqual(before.owned)
    expect((await holdings(to)).account).toMatchObject({ google_id: 'go-2001', logon_link: 'always' })
  })

  it('refuses a tampered link, a link of another purpose, and a made-up one (INVALID_SIGNATURE), changing nothing', async () => {
    const from = 'carl@globex.test'
    const before = await holdings(from)
    // carl holds no personal license: give him one so he may change his address.
    await service.db
      .updateTable('licenses')
      .set({ owner: from })
      .where('id', '=', demoRefs.licenses.patExpiredLongAgo)
      .execute()
    const { passthrough } = await requestChange(from, 'carl.new@globex.test')
    const [body, signature] = passthrough.split('.') as [string, string]
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>
    const reissued = `${Buffer.from(JSON.stringify({ ...claims, iat: clock + 1 })).toString('base64url')}.${signature}`
    const loginLink = (
      await (async () => {
        await call({ manageLicense: { type: 'link', email: 'ray@reseller.test' } })
        return latestLink(service, 'ray@reseller.test', 'http://portal.test/manage/')
      })()
    ).slice('http://portal.test/manage/'.length)
    for (const forged of [`${body}.${flipped}`, reissued, loginLink, 'garbage', `${passthrough}.extra`]) {
      expect((await call({ confirmEmailChange: { passthrough: forged } })).body).toMatchObject({
        error: 'INVALID_SIGNATURE',
      })
    }
    expect((await holdings(from)).permissions).toEqual(before.permissions)
    expect((await holdings('carl.new@globex.test')).account).toBeUndefined()
  })

  it('refuses a link older than 24 hours (INVALID_AGE) and leaves it usable for nothing else', async () => {
    const from = 'rita@reseller.test'
    await service.db
      .updateTable('licenses')
      .set({ owner: from })
      .where('id', '=', demoRefs.licenses.patExpiredRecently)
      .execute()
    const { passthrough } = await requestChange(from, 'rita.new@reseller.test')
    clock += LINK_VALIDITY_MS + 1
    expect((await call({ confirmEmailChange: { passthrough } })).body).toMatchObject({ error: 'INVALID_AGE' })
    expect((await holdings(from)).owned).toEqual([demoRefs.licenses.patExpiredRecently])
  })

  it('answers NO_USER when the old address has nothing left to move', async () => {
    const from = 'ray@reseller.test'
    await service.db
      .updateTable('licenses')
      .set({ owner: from })
      .where('id', '=', demoRefs.licenses.patExpiringSoon)
      .execute()
    const change = await requestChange(from, 'ray.two@reseller.test')
    // Before the link is opened, everything of ray's moves elsewhere (as a change of email made another way would;
    // a newer change asked for here would replace the link instead).
    await moveEverything(service.db, from, 'ray.one@reseller.test', clock)
    expect((await call({ confirmEmailChange: { passthrough: change.passthrough } })).body).toMatchObject({
      error: 'NO_USER',
    })
    expect((await holdings('ray.two@reseller.test')).account).toBeUndefined()
    expect((await holdings('ray.one@reseller.test')).owned).toEqual([demoRefs.licenses.patExpiringSoon])
  })
})
