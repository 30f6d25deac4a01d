import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_LICENSES_READ, MAX_OFFLINE_KEYS } from '#protocol/shared/limits'
import { demoRefs, seedBenchCompany } from '../../demo/seed'
import { makeSubscription } from '../support/subscriptions'
import { createAccessToken } from '../../service/auth/access-tokens'
import { createTestService, signInAs } from '../support/service'
import { recordingTransport, type RecordedOperation } from './recording-transport'
import { cookieFrom, removeDataDir, settle } from './account-stub'

// A dialog on /manage reads only what it shows: the page's windowed answer, plus what the dialog itself needs (a
// license by its reference, a permission list, a log page), never every license of the account.
const { loader: manageLoader } = await import('#app/routes/manage')
const { loader: offlineKeysFileLoader } = await import('#app/routes/manage_.offline-keys[.]txt')
const { loader: licensesCsvLoader, tooManyForOneFile } = await import('#app/routes/manage_.licenses[.]csv')
const { createUserSession } = await import('#app/utils/session.server')
const { OFFLINE_KEYS_BATCH, tooManyOfflineKeys } = await import('#app/routes/__manage/company/offline-keys.server')

let service: Awaited<ReturnType<typeof createTestService>>
const cookies = new Map<string, string>()

async function cookieOf(email: string, admin = false) {
  const known = cookies.get(email)
  if (known) return known
  const credential = await signInAs(service, email)
  const cookie = cookieFrom(
    await createUserSession(new Request('http://portal.test/'), { email, admin, credential }, '/manage'),
  )
  cookies.set(email, cookie)
  return cookie
}

beforeAll(async () => {
  service = await createTestService()
})
afterAll(async () => {
  await service.close()
  removeDataDir()
})

/** The in-process transport, recording each operation and its payload. */
const transport = () => recordingTransport(service)

/** The calls that would read every license of the account: `retrieveDetails` without windows. */
const wholeReads = (calls: RecordedOperation[]) =>
  calls.filter((c) => c.operation === 'retrieveDetails' && !(c.payload as { windows?: unknown }).windows)

type Page = { kind: string; dialog: { name: string; data: Record<string, unknown> } | null }

async function openDialog(email: string, search: string, admin = false) {
  const { context, calls } = transport()
  const request = new Request(`http://portal.test/manage?${search}`, {
    headers: { cookie: await cookieOf(email, admin) },
  })
  const response = await settle(manageLoader({ request, params: {}, context }))
  return { response, calls }
}

async function opened(email: string, search: string, admin = false) {
  const { response, calls } = await openDialog(email, search, admin)
  expect(response.status, search).toBe(200)
  expect(wholeReads(calls), search).toEqual([])
  const page = (await response.json()) as Page
  expect(page.dialog?.name).toBe(new URLSearchParams(search).get('dialog'))
  return { data: page.dialog!.data, calls }
}

const licenseOf = async (owner: string, where: 'keyed' | 'receipt') => {
  let query = service.db
    .selectFrom('licenses')
    .select(['id', 'owner', 'order_id', 'key_number'])
    .where('owner', '=', owner)
    .where('subscription_id', 'is', null)
    .where('order_id', '!=', '')
  if (where === 'keyed')
    query = query
      .where('trial', '=', 0)
      .where('expiration', '>', Date.now())
      .where('product_name', 'not like', '%Open Source%')
  return query.orderBy('id').executeTakeFirstOrThrow()
}

const subscriptionOf = async (owner: string) =>
  (await service.db.selectFrom('subscriptions').select('id').where('owner', '=', owner).executeTakeFirstOrThrow()).id

describe('opening a dialog reads the page it opens on, and what the dialog shows, never the whole account', () => {
  it('the dialogs about the account, a company or a subscription read the windowed page and their own call', async () => {
    const acmeSubscription = await subscriptionOf('acme')
    const cases: Array<[string, string, string[]]> = [
      ['olivia@acme.test', 'dialog=account-settings', ['accountSettings']],
      ['olivia@acme.test', 'dialog=permissions&company=acme', ['retrievePermissions']],
      ['olivia@acme.test', 'dialog=add-permission&company=acme', ['retrievePermissions']],
      ['olivia@acme.test', 'dialog=activity&company=acme', ['retrieveActivity']],
      ['olivia@acme.test', 'dialog=activity', ['retrieveActivity']],
      ['olivia@acme.test', 'dialog=domains&company=acme', ['retrieveDomains']],
      ['olivia@acme.test', 'dialog=domain&company=acme&domain=acme.test', ['retrieveDomains']],
      ['olivia@acme.test', 'dialog=directory&company=acme', ['retrieveDirectory']],
      ['olivia@acme.test', 'dialog=webhooks&company=acme', ['retrieveWebhooks']],
      ['olivia@acme.test', 'dialog=api-tokens&company=acme', ['retrieveApiTokens']],
      ['olivia@acme.test', 'dialog=api-token&company=acme', []],
      ['olivia@acme.test', 'dialog=api-tokens', ['retrieveApiTokens']],
      ['olivia@acme.test', `dialog=subscription-cancel&subscription=${acmeSubscription}`, ['retrieveLicenses']],
      ['olivia@acme.test', `dialog=subscription-assign&subscription=${acmeSubscription}`, ['retrieveLicenses']],
      ['olivia@acme.test', `dialog=subscription-quantity&subscription=${acmeSubscription}`, ['retrieveLicenses']],
      ['olivia@acme.test', 'dialog=offline-keys&company=acme', ['retrieveLicenses', 'offlineLicense']],
    ]
    for (const [email, search, own] of cases) {
      const { calls } = await opened(email, search)
      expect(
        calls.map((c) => c.operation),
        search,
      ).toEqual(['retrieveDetails', ...own])
    }
  })

  it('every registered dialog opens without reading the whole account', async () => {
    const { dialogLoaders } = await import('#app/routes/__manage/registry.server')
    const keyed = await licenseOf('acme', 'keyed')
    const subscription = await subscriptionOf('acme')
    const own = await licenseOf('root@vendor.test', 'receipt')
    const { id: vendorLabs } = await makeSubscription(service.db, { now: Date.now(), companyId: 'vendor-labs' })
    const bySubscription = (name: string) => `dialog=${name}&subscription=${subscription}`
    const seatInUse = demoRefs.licenses.acmeBundleSeatInUse
    const seatMachine = demoRefs.activations[3]
    const { token } = await createAccessToken(service.db, {
      kind: 'api',
      owner: { companyId: 'acme' },
      name: 'Reads',
      scopes: ['read'],
      createdBy: 'olivia@acme.test',
      now: Date.now(),
    })
    const addresses = new Map<string, [string, string]>([
      ['change-email', ['root@vendor.test', 'dialog=change-email']],
      ['account-settings', ['olivia@acme.test', 'dialog=account-settings']],
      ['assign', ['olivia@acme.test', `dialog=assign&license=${keyed.id}&owner=acme`]],
      ['bulk-assign', ['olivia@acme.test', 'dialog=bulk-assign&company=acme']],
      ['offline-key', ['olivia@acme.test', `dialog=offline-key&license=${keyed.id}&owner=acme`]],
      ['offline-keys', ['olivia@acme.test', 'dialog=offline-keys&company=acme']],
      ['permissions', ['olivia@acme.test', 'dialog=permissions&company=acme']],
      ['add-permission', ['olivia@acme.test', 'dialog=add-permission&company=acme']],
      ['bulk-renew', ['olivia@acme.test', 'dialog=bulk-renew&company=acme']],
      ['receipt', ['olivia@acme.test', `dialog=receipt&license=${keyed.id}&owner=acme`]],
      ['import-seats', ['olivia@acme.test', 'dialog=import-seats&company=acme']],
      ['activity', ['olivia@acme.test', 'dialog=activity&company=acme']],
      ['domains', ['olivia@acme.test', 'dialog=domains&company=acme']],
      ['domain', ['olivia@acme.test', 'dialog=domain&company=acme&domain=acme.test']],
      ['company-sign-in', ['olivia@acme.test', 'dialog=company-sign-in&company=acme']],
      ['directory', ['olivia@acme.test', 'dialog=directory&company=acme']],
      ['scim-token', ['olivia@acme.test', 'dialog=scim-token&company=acme']],
      ['directory-ownership', ['olivia@acme.test', 'dialog=directory-ownership&company=acme&product=wallaby']],
      ['webhooks', ['olivia@acme.test', 'dialog=webhooks&company=acme']],
      ['api-tokens', ['olivia@acme.test', 'dialog=api-tokens&company=acme']],
      ['api-token', ['olivia@acme.test', 'dialog=api-token&company=acme']],
      ['revoke-api-token', ['olivia@acme.test', `dialog=revoke-api-token&company=acme&token=${token.id}`]],
      ['reclaim', ['olivia@acme.test', 'dialog=reclaim&company=acme']],
      ['merge', ['root@vendor.test', 'dialog=merge']],
      ['remove-license', ['root@vendor.test', `dialog=remove-license&license=${own.id}&owner=root@vendor.test`]],
      ['remove-subscription', ['root@vendor.test', `dialog=remove-subscription&subscription=${vendorLabs}`]],
      ['machines', ['olivia@acme.test', `dialog=machines&license=${seatInUse}&owner=acme`]],
      [
        'deactivate-machine',
        ['olivia@acme.test', `dialog=deactivate-machine&license=${seatInUse}&owner=acme&machine=${seatMachine}`],
      ],
    ])
    for (const name of dialogLoaders.keys()) {
      const [email, search] = addresses.get(name) ?? ['olivia@acme.test', bySubscription(name)]
      const { response, calls } = await openDialog(email, search, email === 'root@vendor.test')
      // Opened; the receipt sends the browser on to its page.
      expect(response.status, search).toBe(name === 'receipt' ? 302 : 200)
      expect(wholeReads(calls), search).toEqual([])
    }
    expect(addresses.size + 10).toBe(dialogLoaders.size)
  })

  it("the account settings are titled with the page's email; change email and merge read no license", async () => {
    const settings = await opened('olivia@acme.test', 'dialog=account-settings')
    expect(settings.data).toMatchObject({ email: 'olivia@acme.test', kind: 'settings' })

    const change = await opened('root@vendor.test', 'dialog=change-email', true)
    expect(change.data).toEqual({ currentEmail: 'root@vendor.test' })
    expect(change.calls.map((c) => c.operation)).toEqual(['retrieveDetails'])
    // Olivia holds no personal license: the dialog is not there for her.
    expect((await openDialog('olivia@acme.test', 'dialog=change-email')).response.status).toBe(404)

    const own = await service.db
      .selectFrom('licenses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner', '=', 'root@vendor.test')
      .executeTakeFirstOrThrow()
    const merge = await opened('root@vendor.test', 'dialog=merge', true)
    expect(merge.data).toEqual({ licenseCount: Number(own.n) })
    expect(merge.calls.map((c) => c.operation)).toEqual(['retrieveDetails'])
    expect((await openDialog('olivia@acme.test', 'dialog=merge')).response.status).toBe(404)

    const { id: subscription } = await makeSubscription(service.db, {
      now: Date.now(),
      companyId: 'vendor-labs',
    })
    const remove = await opened('root@vendor.test', `dialog=remove-subscription&subscription=${subscription}`, true)
    expect(remove.data).toMatchObject({ subscription: { id: subscription } })
    expect(remove.calls.map((c) => c.operation)).toEqual(['retrieveDetails', 'retrieveLicenses'])
  })

  it('Assign, Offline Key and the receipt read the one license their address names, by id and owner', async () => {
    const keyed = await licenseOf('acme', 'keyed')
    const assign = await opened('olivia@acme.test', `dialog=assign&license=${keyed.id}&owner=acme`)
    expect(assign.data).toMatchObject({ license: { id: keyed.id, owner: 'acme' }, companyName: 'Acme Corp' })
    expect(assign.calls.slice(1)).toEqual([
      { operation: 'retrieveLicenses', payload: { ids: [{ id: keyed.id, owner: 'acme' }] } },
    ])

    const key = await opened('olivia@acme.test', `dialog=offline-key&license=${keyed.id}&owner=acme`)
    expect(key.data).toMatchObject({ kind: 'key', entry: { order: keyed.order_id, key: keyed.key_number } })
    // The key itself may come from the session's cache (the company's dialog above signed it).
    expect(key.calls.map((c) => c.operation).slice(0, 2)).toEqual(['retrieveDetails', 'retrieveLicenses'])

    const receipt = await licenseOf('acme', 'receipt')
    const { response, calls } = await openDialog('olivia@acme.test', `dialog=receipt&license=${receipt.id}&owner=acme`)
    expect(response.status).toBe(302)
    expect(wholeReads(calls)).toEqual([])
    // The receipt's address may come from the session's cache (a dialog above may have opened it).
    expect(calls.map((c) => c.operation).slice(0, 2)).toEqual(['retrieveDetails', 'retrieveLicenses'])
    expect(calls.slice(2).map((c) => c.operation)).not.toContain('retrieveDetails')
  })

  it('a license named with another owner, or without one, or of a company not theirs, is a 404', async () => {
    const keyed = await licenseOf('acme', 'keyed')
    const globex = await licenseOf('globex', 'keyed')
    for (const search of [
      `dialog=assign&license=${keyed.id}&owner=globex`,
      `dialog=assign&license=${keyed.id}`,
      `dialog=assign&license=${globex.id}&owner=globex`,
      `dialog=offline-key&license=${keyed.id}&owner=olivia@acme.test`,
      `dialog=offline-key&license=${globex.id}&owner=globex`,
      `dialog=receipt&license=${globex.id}&owner=globex`,
      'dialog=offline-keys&company=globex',
      'dialog=permissions&company=globex',
    ]) {
      const { response, calls } = await openDialog('olivia@acme.test', search)
      expect(response.status, search).toBe(404)
      expect(wholeReads(calls), search).toEqual([])
    }
    // Max may assign at Acme but not manage its permissions: the Permissions dialog is not there for him.
    const max = await openDialog('max@acme.test', `dialog=permissions&company=acme`)
    expect(max.response.status).toBe(404)
  })
})

describe('the offline keys of a company download as a text file, a batch at a time', () => {
  const download = async (email: string, company: string) => {
    const { context, calls } = transport()
    const request = new Request(`http://portal.test/manage/offline-keys.txt?company=${encodeURIComponent(company)}`, {
      headers: { cookie: await cookieOf(email) },
    })
    const response = await settle(offlineKeysFileLoader({ request, params: {}, context }))
    return { response, calls }
  }

  it("every key of the company's licenses outside subscriptions, by order then key, as the dialog lists them", async () => {
    const { response, calls } = await download('olivia@acme.test', 'acme')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="offline-keys-acme-corp.txt"')
    const text = await response.text()
    const [heading, ...rest] = text.split('\n')
    expect(heading).toBe('Offline keys of the company "Acme Corp"')
    // The company's licenses outside subscriptions, and then only signing.
    expect(calls[0]).toEqual({ operation: 'retrieveLicenses', payload: { table: 'acme', subscriptionId: null } })
    expect(calls.slice(1).every((c) => c.operation === 'offlineLicense')).toBe(true)

    const dialog = await opened('olivia@acme.test', 'dialog=offline-keys&company=acme')
    const groups = dialog.data.groups as Array<{ order: string; keys: Array<{ key: number; offlineKey: string }> }>
    expect(dialog.data).toMatchObject({ total: groups.flatMap((g) => g.keys).length, page: 1, pages: 1 })
    expect(dialog.data.download).toEqual({
      href: '/manage/offline-keys.txt?company=acme',
      fileName: 'offline-keys-acme-corp.txt',
    })
    const expected = groups.flatMap((g) => ['', `Order ${g.order}`, ...g.keys.map((k) => `${k.key}: ${k.offlineKey}`)])
    expect(rest).toEqual([...expected, ''])
    expect(groups.length).toBeGreaterThan(1)
  })

  it('a large company is signed in batches and listed a page at a time', async () => {
    const bench = await seedBenchCompany(service.db, 1_200)
    const { response, calls } = await download(bench.email, bench.companyId)
    expect(response.status).toBe(200)
    const lines = (await response.text()).split('\n').filter((line) => /^\d+: /.test(line))
    const signings = calls.filter((c) => c.operation === 'offlineLicense')
    const signed = signings.map((c) => (c.payload as { ids: unknown[] }).ids.length)
    expect(Math.max(...signed)).toBeLessThanOrEqual(OFFLINE_KEYS_BATCH)
    expect(signings.length).toBe(Math.ceil(lines.length / OFFLINE_KEYS_BATCH))
    expect(lines.length).toBeGreaterThan(OFFLINE_KEYS_BATCH * 2)

    const second = await opened(bench.email, `dialog=offline-keys&company=${bench.companyId}&keys=2`)
    expect(second.data).toMatchObject({ total: lines.length, page: 2, pages: Math.ceil(lines.length / 100) })
    expect(second.data.previous).toBe(`/manage?dialog=offline-keys&company=${bench.companyId}&keys=1`)
    const shown = (second.data.groups as Array<{ keys: Array<{ key: number; offlineKey: string }> }>).flatMap(
      (g) => g.keys,
    )
    expect(shown.map((k) => `${k.key}: ${k.offlineKey}`)).toEqual(lines.slice(100, 200))
  })

  it(`past ${MAX_OFFLINE_KEYS} licenses the file and the dialog say so; a company not theirs is a 404`, async () => {
    const bench = await seedBenchCompany(service.db, MAX_OFFLINE_KEYS + 1)
    const { response } = await download(bench.email, bench.companyId)
    expect(response.status).toBe(400)
    expect(await response.text()).toBe(`${tooManyOfflineKeys}\n`)
    const dialog = await opened(bench.email, `dialog=offline-keys&company=${bench.companyId}`)
    expect(dialog.data).toEqual({
      kind: 'error',
      company: { id: bench.companyId, name: `Bench ${MAX_OFFLINE_KEYS + 1}` },
      message: tooManyOfflineKeys,
    })

    expect((await download('olivia@acme.test', 'globex')).response.status).toBe(404)
    expect((await download('olivia@acme.test', 'no-such-company')).response.status).toBe(404)
    const { calls } = await download('olivia@acme.test', 'globex')
    expect(calls.map((c) => c.operation)).toEqual(['retrieveLicenses'])
  }, 60_000)
})

describe("the seat list's CSV reads the company's table alone", () => {
  it('every license of the company, in one read of its table; a company not theirs is a 404', async () => {
    const download = async (company: string) => {
      const { context, calls } = transport()
      const request = new Request(`http://portal.test/manage/licenses.csv?company=${company}`, {
        headers: { cookie: await cookieOf('olivia@acme.test') },
      })
      return { response: await settle(licensesCsvLoader({ request, params: {}, context })), calls }
    }
    const { response, calls } = await download('acme')
    expect(response.status).toBe(200)
    expect(calls).toEqual([{ operation: 'retrieveLicenses', payload: { table: 'acme' } }])
    const rows = (await response.text()).trim().split('\r\n')
    const count = await service.db
      .selectFrom('licenses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner', '=', 'acme')
      .executeTakeFirstOrThrow()
    expect(rows.length - 1).toBe(Number(count.n))
    expect((await download('globex')).response.status).toBe(404)
  })

  it(`past ${MAX_LICENSES_READ} licenses the file is refused with the number, never cut`, async () => {
    const bench = await seedBenchCompany(service.db, MAX_LICENSES_READ + 1)
    const request = new Request(`http://portal.test/manage/licenses.csv?company=${bench.companyId}`, {
      headers: { cookie: await cookieOf(bench.email) },
    })
    const response = await settle(licensesCsvLoader({ request, params: {}, context: transport().context }))
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBeNull()
    expect(await response.text()).toBe(`${tooManyForOneFile}\n`)
    expect(tooManyForOneFile).toContain('more than 10,000 licenses')
  }, 60_000)
})
