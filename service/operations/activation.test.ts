import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import { LINK_VALIDITY_MS } from '../auth/tokens.js'
import { createTestService, latestLink } from '../../tests/support/service.js'
import { ACTIVATION_LIMIT } from '../../protocol/licenses/licenses.js'

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
const ACTIVATE = 'http://portal.test/activate/'

const keyOf = async (licenseId: string) =>
  (await service.db.selectFrom('licenses').select('license_key').where('id', '=', licenseId).executeTakeFirstOrThrow())
    .license_key

const activeHosts = async (licenseId: string) =>
  (
    await service.db
      .selectFrom('activations')
      .select('hostname')
      .where('license_id', '=', licenseId)
      .where('status', '=', 'active')
      .orderBy('hostname')
      .execute()
  ).map((a) => a.hostname)

/** The editor asks to activate; answers the passthrough mailed to `holder`. */
async function request(licenseId: string, hostname: string, holder: string) {
  const answer = await call({ activation: { licenseKey: await keyOf(licenseId), hostname } })
  expect(answer.body).toEqual({ activation: { completed: true, pending: true } })
  const link = await latestLink(service, holder, ACTIVATE)
  expect(link).toMatch(/^http:\/\/portal\.test\/activate\/[\w-]+\.[\w-]+$/)
  return link.slice(ACTIVATE.length)
}

const confirm = (passthrough: string, deactivate: string[] = []) =>
  call({ confirmActivation: { passthrough, deactivate } })

describe('activation (editor)', () => {
  it('refuses an unknown key', async () => {
    expect((await call({ activation: { licenseKey: 'WB-0000-0000-0000-0000', hostname: 'x' } })).body).toMatchObject({
      error: 'INVALID_REQUEST',
      message: 'Unknown license key.',
    })
  })

  it('answers not pending, with the expiry, on a machine where the license is already active (any case)', async () => {
    const answer = await call({
      activation: { licenseKey: await keyOf(demoRefs.licenses.patActivated), hostname: ' PAT-Laptop ' },
    })
    expect(answer.body).toEqual({ activation: { completed: true, pending: false, expiration: expect.any(Number) } })
  })

  it('refuses an expired license', async () => {
    const answer = await call({
      activation: { licenseKey: await keyOf(demoRefs.licenses.patExpiredRecently), hostname: 'h' },
    })
    expect(answer.body).toMatchObject({ error: 'INVALID_STATE' })
  })

  it('emails the holder: the assignee of a company license, else the company’s administrators', async () => {
    const assigned = await service.db
      .selectFrom('licenses')
      .select('assigned_to')
      .where('id', '=', demoRefs.licenses.acmeBundleAssigned)
      .executeTakeFirstOrThrow()
    await request(demoRefs.licenses.acmeBundleAssigned, 'dev-box', assigned.assigned_to)
    await request(demoRefs.licenses.acmeBundleUnassigned, 'Spare-Box', 'olivia@acme.test')
    const mail = await service.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('to', '=', 'olivia@acme.test')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    // Named as the editor reported it (it is compared in lower case).
    expect(mail.subject).toContain('on the machine "Spare-Box"')
    expect(mail.text).toContain('An editor on the machine "Spare-Box" (its name as the editor reported it)')
    expect(mail.text).toContain('valid for 24 hours')
    // max is only a Company Manager of Acme: not asked.
    expect(await latestLink(service, 'max@acme.test', ACTIVATE).catch(() => null)).toBeNull()
  })
})

describe('licenseCheck and ossLicenseCheck (editor)', () => {
  it('is valid on an active machine, until the expiry', async () => {
    const licenseKey = await keyOf(demoRefs.licenses.patActivated)
    const answer = await call({ licenseCheck: { licenseKey, hostname: 'pat-desktop' } })
    expect(answer.body).toEqual({
      licenseCheck: {
        valid: true,
        expiration: expect.any(Number),
        productName: 'Wallaby.js + Quokka.js personal license',
      },
    })
    const expiration = (answer.body.licenseCheck as { expiration: number }).expiration
    clock = expiration + 1
    expect((await call({ licenseCheck: { licenseKey, hostname: 'pat-desktop' } })).body).toEqual({
      licenseCheck: { valid: false, expiration, productName: 'Wallaby.js + Quokka.js personal license' },
    })
  })

  it('is not valid on another machine, nor for an unknown key', async () => {
    const licenseKey = await keyOf(demoRefs.licenses.patActivated)
    expect((await call({ licenseCheck: { licenseKey, hostname: 'someone-else' } })).body).toEqual({
      licenseCheck: { valid: false },
    })
    expect((await call({ licenseCheck: { licenseKey: 'nope', hostname: 'pat-desktop' } })).body).toEqual({
      licenseCheck: { valid: false },
    })
  })

  it('ossLicenseCheck: valid for an unexpired Open Source license only', async () => {
    const oss = await keyOf(demoRefs.licenses.patOpenSource)
    const answer = await call({ ossLicenseCheck: { licenseKey: oss } })
    expect(answer.body).toEqual({ ossLicenseCheck: { valid: true, expiration: expect.any(Number) } })
    expect((await call({ ossLicenseCheck: { licenseKey: await keyOf(demoRefs.licenses.patActivated) } })).body).toEqual(
      { ossLicenseCheck: { valid: false } },
    )
    expect((await call({ ossLicenseCheck: { licenseKey: 'nope' } })).body).toEqual({
      ossLicenseCheck: { valid: false },
    })
    clock = (answer.body.ossLicenseCheck as { expiration: number }).expiration + 1
    expect((await call({ ossLicenseCheck: { licenseKey: oss } })).body).toMatchObject({
      ossLicenseCheck: { valid: false },
    })
  })
})

describe('confirmActivation: the limit of 3', () => {
  it('on a license with fewer than 3 machines, activates; the link then answers ALREADY_ACTIVATED', async () => {
    const license = demoRefs.licenses.gitaWallaby
    const passthrough = await request(license, 'gita-laptop', 'gita@github.test')
    expect((await call({ licenseCheck: { licenseKey: await keyOf(license), hostname: 'gita-laptop' } })).body).toEqual({
      licenseCheck: { valid: false },
    })
    expect((await confirm(passthrough)).body).toEqual({ confirmActivation: { completed: true } })
    expect(
      (await call({ licenseCheck: { licenseKey: await keyOf(license), hostname: 'gita-laptop' } })).body,
    ).toMatchObject({ licenseCheck: { valid: true } })
    expect((await confirm(passthrough)).body).toMatchObject({ error: 'ALREADY_ACTIVATED' })
    // Asking again from that machine: already active.
    expect(
      (await call({ activation: { licenseKey: await keyOf(license), hostname: 'gita-laptop' } })).body,
    ).toMatchObject({ activation: { pending: false } })
  })

  it('with 3 machines active, a fourth gets the list (nothing changes, the link stays usable); deactivating one completes it', async () => {
    const license = demoRefs.licenses.patActivated
    const passthrough = await request(license, 'pat-new-laptop', 'pat@personal.test')
    const answer = await confirm(passthrough)
    const list = (
      answer.body.confirmActivation as { activations: Array<{ key: string; hostname: string; activationTime: number }> }
    ).activations
    expect(list.map((a) => a.hostname)).toEqual(['pat-laptop', 'pat-desktop', 'build-server'])
    expect(list.map((a) => a.key).sort()).toEqual(demoRefs.activations.slice(0, 3).sort()) // pat's three
    expect(list.every((a) => a.activationTime < clock)).toBe(true)
    expect(await activeHosts(license)).toEqual(['build-server', 'pat-desktop', 'pat-laptop'])

    // Deactivating a machine of another license frees nothing here, and that machine stays active.
    const gitaActivation = await service.db
      .selectFrom('activations')
      .select('id')
      .where('license_id', '=', demoRefs.licenses.gitaWallaby)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow()
    expect((await confirm(passthrough, [gitaActivation.id])).body.confirmActivation).toHaveProperty('activations')
    expect(
      (
        await service.db
          .selectFrom('activations')
          .select('status')
          .where('id', '=', gitaActivation.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('active')

    const desktop = list.find((a) => a.hostname === 'pat-desktop')!.key
    expect((await confirm(passthrough, [desktop])).body).toEqual({ confirmActivation: { completed: true } })
    expect(await activeHosts(license)).toEqual(['build-server', 'pat-laptop', 'pat-new-laptop'])
    expect((await call({ licenseCheck: { licenseKey: await keyOf(license), hostname: 'pat-desktop' } })).body).toEqual({
      licenseCheck: { valid: false },
    })
    // The link is used up now: again, it is already active.
    expect((await confirm(passthrough, [desktop])).body).toMatchObject({ error: 'ALREADY_ACTIVATED' })
  })

  it('holds under concurrent confirmations: of 5 machines at once, exactly 3 are activated', async () => {
    const license = demoRefs.licenses.rootQuokka
    await service.db
      .updateTable('activations')
      .set({ status: 'deactivated' })
      .where('license_id', '=', license)
      .execute()
    const passthroughs: string[] = []
    for (const host of ['c1', 'c2', 'c3', 'c4', 'c5'])
      passthroughs.push(await request(license, host, 'root@vendor.test'))
    const answers = await Promise.all(passthroughs.map((p) => confirm(p)))
    const completed = answers.filter((a) => (a.body.confirmActivation as { completed?: boolean })?.completed)
    const lists = answers.filter((a) => (a.body.confirmActivation as { activations?: unknown[] })?.activations)
    expect(completed).toHaveLength(ACTIVATION_LIMIT)
    expect(lists).toHaveLength(2)
    expect(await activeHosts(license)).toHaveLength(ACTIVATION_LIMIT)
  })

  it('holds when two confirmations free the same machine at once: one completes, the other gets the list', async () => {
    const license = demoRefs.licenses.rootQuokka
    const active = await service.db
      .selectFrom('activations')
      .select(['id', 'hostname'])
      .where('license_id', '=', license)
      .where('status', '=', 'active')
      .execute()
    expect(active).toHaveLength(3)
    const a = await request(license, 'race-a', 'root@vendor.test')
    const b = await request(license, 'race-b', 'root@vendor.test')
    const answers = await Promise.all([confirm(a, [active[0]!.id]), confirm(b, [active[0]!.id])])
    expect(answers.filter((x) => (x.body.confirmActivation as { completed?: boolean }).completed)).toHaveLength(1)
    expect(answers.filter((x) => (x.body.confirmActivation as { activations?: unknown[] }).activations)).toHaveLength(1)
    expect(await activeHosts(license)).toHaveLength(3)
  })
})

describe('confirmActivation: forged, expired and stale links', () => {
  it('refuses a tampered link, a made-up one, and a link of another purpose (INVALID_SIGNATURE)', async () => {
    const passthrough = await request(demoRefs.licenses.rootWallaby, 'tamper-box', 'root@vendor.test')
    const [body, signature] = passthrough.split('.') as [string, string]
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>
    const forged = [
      `${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
      `${Buffer.from(JSON.stringify({ ...claims, p: 'login' })).toString('base64url')}.${signature}`,
      'garbage',
    ]
    await call({ manageLicense: { type: 'link', email: 'olivia@acme.test' } })
    forged.push(
      (await latestLink(service, 'olivia@acme.test', 'http://portal.test/manage/')).slice(
        'http://portal.test/manage/'.length,
      ),
    )
    for (const link of forged) expect((await confirm(link)).body).toMatchObject({ error: 'INVALID_SIGNATURE' })
    expect(await activeHosts(demoRefs.licenses.rootWallaby)).not.toContain('tamper-box')
    // The genuine link still works.
    expect((await confirm(passthrough)).body).toEqual({ confirmActivation: { completed: true } })
  })

  it('refuses a link older than 24 hours (INVALID_AGE)', async () => {
    const passthrough = await request(demoRefs.licenses.rootWallaby, 'late-box', 'root@vendor.test')
    clock += LINK_VALIDITY_MS + 1
    expect((await confirm(passthrough)).body).toMatchObject({ error: 'INVALID_AGE' })
    clock = Date.now()
    expect(await activeHosts(demoRefs.licenses.rootWallaby)).not.toContain('late-box')
  })

  it('answers NO_ACTIVATION when the pending activation is gone', async () => {
    const passthrough = await request(demoRefs.licenses.rootWallaby, 'gone-box', 'root@vendor.test')
    await service.db
      .updateTable('activations')
      .set({ status: 'deactivated' })
      .where('hostname', '=', 'gone-box')
      .execute()
    expect((await confirm(passthrough)).body).toMatchObject({ error: 'NO_ACTIVATION' })
  })

  it('answers NO_USER when the link’s address no longer holds the license', async () => {
    const license = demoRefs.licenses.acmeBundleUnassigned
    const passthrough = await request(license, 'handover-box', 'olivia@acme.test')
    await service.db
      .updateTable('licenses')
      .set({ assigned_to: 'newcomer@acme.test' })
      .where('id', '=', license)
      .execute()
    expect((await confirm(passthrough)).body).toMatchObject({ error: 'NO_USER' })
    expect(await activeHosts(license)).not.toContain('handover-box')
  })
})
