import type { AppLoadContext } from '@remix-run/node'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileTooLarge, tooManyRows } from '#app/rules/seats-csv'
import { neutralizeFormula, notText, toCsv } from '#app/utils/csv.server'
import { createTestService, signInAs } from '../support/service'
import { cookieFrom, removeDataDir, settle } from './account-stub'

// The seat list's CSV export and import, through the /manage action and the export route, answered by the real (test)
// service in process.
const { action: manageAction } = await import('#app/routes/manage')
const { loader: exportLoader } = await import('#app/routes/manage_.licenses[.]csv')
const { createUserSession } = await import('#app/utils/session.server')

let service: Awaited<ReturnType<typeof createTestService>>
let cookie = ''
const email = 'olivia@acme.test'

const context = {
  licensing: { call: (request: unknown, credential?: string, key?: string) => service.call(request, credential, key) },
} as unknown as AppLoadContext

beforeAll(async () => {
  service = await createTestService()
  const credential = await signInAs(service, email)
  cookie = cookieFrom(
    await createUserSession(new Request('http://portal.test/'), { email, admin: false, credential }, '/manage'),
  )
})
afterAll(async () => {
  await service.close()
  removeDataDir()
})

/** Every Acme license's holder, by id: what an import must leave alone unless it is applied. */
const holders = async () =>
  Object.fromEntries(
    (
      await service.db.selectFrom('licenses').select(['id', 'assigned_to']).where('company_id', '=', 'acme').execute()
    ).map((l) => [l.id, l.assigned_to]),
  )

async function exported(query = ''): Promise<string> {
  const response = await settle(
    exportLoader({
      request: new Request(`http://portal.test/manage/licenses.csv?company=acme${query}`, {
        headers: { Cookie: cookie },
      }),
      params: {},
      context,
    }),
  )
  expect(response.status).toBe(200)
  expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
}

/** Acme's licenses outside subscriptions that are free to assign (unassigned, unexpired, assignable). */
async function freeAcmeRows(n: number) {
  const rows = await service.db
    .selectFrom('licenses')
    .select(['order_id as order', 'key_number as key'])
    .where('company_id', '=', 'acme')
    .where('assigned_to', '=', '')
    .where('subscription_id', 'is', null)
    .where('trial', '=', 0)
    .where('license_type', '=', 'company')
    .where('expiration', '>', Date.now() + 24 * 60 * 60 * 1000)
    .orderBy('order_id')
    .orderBy('key_number')
    .limit(n)
    .execute()
  expect(rows).toHaveLength(n)
  return rows
}

/** The products of Acme's licenses as the license table names them, as an unknown product's message lists them. */
async function acmeProducts(): Promise<string> {
  const text = await exported()
  const rows = (parse(text.slice(1)) as string[][]).slice(1)
  return [...new Set(rows.map((r) => r[0]))].sort((a, b) => a.localeCompare(b, 'en')).join(', ')
}

const importUrl = 'http://portal.test/manage?index&dialog=import-seats&company=acme'

async function upload(content: BlobPart, name = 'seats.csv') {
  const form = new FormData()
  form.set('intent', 'import-seats')
  form.set('stage', 'plan')
  form.set('company', 'acme')
  form.set('file', new Blob([content], { type: 'text/csv' }), name)
  const response = await settle(
    manageAction({
      request: new Request(importUrl, { method: 'POST', body: form, headers: { Cookie: cookie } }),
      params: {},
      context,
    }),
  )
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function apply(plan: unknown, idempotencyKey: string) {
  const fields = new URLSearchParams({
    intent: 'import-seats',
    stage: 'apply',
    company: 'acme',
    plan: JSON.stringify(plan),
    idempotencyKey,
  })
  return settle(
    manageAction({
      request: new Request(importUrl, {
        method: 'POST',
        body: fields,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      }),
      params: {},
      context,
    }),
  )
}

describe('export', () => {
  it('is UTF-8 with a byte order mark, with the license table columns', async () => {
    const text = await exported()
    expect(text.charCodeAt(0)).toBe(0xfeff)
    const rows = parse(text.slice(1)) as string[][]
    expect(rows[0]).toEqual(['Product', 'Order', 'Key', 'Assigned to', 'Expiry', 'Subscription'])
    const acme = await service.db.selectFrom('licenses').select('id').where('company_id', '=', 'acme').execute()
    expect(rows.length - 1).toBe(acme.length)
  })

  it("holds the licenses the table's search and filter narrow it to, as the page has them", async () => {
    const rowsOf = async (query: string) => (parse((await exported(query)).slice(1)) as string[][]).slice(1)
    const acme = await service.db
      .selectFrom('licenses')
      .select(['assigned_to', 'expiration'])
      .where('company_id', '=', 'acme')
      .execute()
    const holder = acme.find((l) => l.assigned_to !== '')!.assigned_to
    const searched = await rowsOf(`&q-acme=${encodeURIComponent(holder)}`)
    expect(searched.length).toBe(acme.filter((l) => l.assigned_to.includes(holder)).length)
    expect(searched.every((row) => row[3] === holder)).toBe(true)
    const expired = await rowsOf('&filter-acme=expired')
    expect(expired.length).toBe(acme.filter((l) => l.expiration < Date.now()).length)
    expect(expired.length).toBeGreaterThan(0)
    expect(expired.length).toBeLessThan(acme.length)
    // Another table's search does not narrow this one.
    expect((await rowsOf('&q-personal=nobody')).length).toBe(acme.length)
  })

  it('neutralises cells that a spreadsheet would run as formulas', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'plain'].map(neutralizeFormula)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      'plain',
    ])
    const text = toCsv(['A'], [['=HYPERLINK("http://evil.test","click")']])
    expect(text).toBe('\ufeffA\r\n"\'=HYPERLINK(""http://evil.test"",""click"")"\r\n')
  })

  it("refuses a company that is not the user's", async () => {
    const response = await settle(
      exportLoader({
        request: new Request('http://portal.test/manage/licenses.csv?company=globex', { headers: { Cookie: cookie } }),
        params: {},
        context,
      }),
    )
    expect(response.status).toBe(404)
  })
})

describe('import', () => {
  it('an export imported unchanged plans no change (the demo company round-trips)', async () => {
    const before = await holders()
    const answer = await upload(await exported())
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ stage: 'plan', summary: 'No changes will be made.', errors: [], changes: [] })
    expect(await holders()).toEqual(before)
  })

  it('a changed export shows the plan in bulk assign words, and Apply makes exactly it, once', async () => {
    const text = await exported()
    const rows = parse(text.slice(1)) as string[][]
    const free = rows.findIndex((r, i) => i > 0 && r[0] === 'Wallaby.js + Quokka.js' && r[3] === '' && r[5] === '')
    const held = rows.findIndex((r, i) => i > 0 && r[0] === 'Wallaby.js + Quokka.js' && r[3] !== '' && r[5] === '')
    expect(free).toBeGreaterThan(0)
    rows[free][3] = 'csv-new@acme.test'
    const formerHolder = rows[held][3]
    rows[held][3] = ''
    const answer = await upload(toCsv(rows[0], rows.slice(1)))
    expect(answer.body).toMatchObject({
      stage: 'plan',
      errors: [],
      summary: '1 license will be unassigned and 1 license will be assigned.',
    })
    const changes = answer.body.changes as Array<{ words: string; id: string }>
    expect(changes.map((c) => c.words).sort()).toEqual(
      [
        `assign license ${rows[free][2]} of order ${rows[free][1]} to csv-new@acme.test`,
        `unassign license ${rows[held][2]} of order ${rows[held][1]} from ${formerHolder}`,
      ].sort(),
    )
    const key = 'import-seats-key-0000000001'
    const done = await apply(changes, key)
    expect(done.status).toBe(302)
    const again = await apply(changes, key)
    expect(again.status).toBe(302)
    const after = await holders()
    const byWords = (words: string) => changes.find((c) => c.words.startsWith(words))!.id
    expect(after[byWords('assign')]).toBe('csv-new@acme.test')
    expect(after[byWords('unassign')]).toBe('')
    const logged = await service.db
      .selectFrom('activity_entries')
      .select('summary')
      .where('company_id', '=', 'acme')
      .where('summary', '=', '1 license unassigned and 1 license assigned')
      .execute()
    expect(logged).toHaveLength(1)
  })

  it('a header, 5,001 blank lines and a valid row plan the row (blank lines are no rows)', async () => {
    const [row] = await freeAcmeRows(1)
    const answer = await upload(`order,key,email${'\n'.repeat(5002)}${row.order},${row.key},blank-lines@acme.test\n`)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      stage: 'plan',
      errors: [],
      summary: '1 license will be assigned.',
      changes: [{ words: `assign license ${row.key} of order ${row.order} to blank-lines@acme.test` }],
    })
  })

  it('3,000 rows separated by blank lines are all read, each named by its line', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `999999,${i + 1},row${i}@acme.test`)
    const answer = await upload(`order,key,email\n\n${rows.join('\n\n')}\n`)
    const errors = answer.body.errors as string[]
    expect(errors).toHaveLength(3000)
    expect(errors[0]).toBe('Line 3: this company has no license with order "999999" and key "1".')
    expect(errors[2999]).toBe('Line 6001: this company has no license with order "999999" and key "3000".')
  })

  it('5,001 rows are refused with the number, blank lines or not', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => `999999,${i + 1},row${i}@acme.test`)
    for (const separator of ['\n', '\n\n']) {
      const answer = await upload(`order,key,email\n${rows.join(separator)}\n`)
      expect(answer.body).toEqual({ intent: 'import-seats', stage: 'refused', message: tooManyRows })
      expect(tooManyRows).toContain('5,000 rows')
    }
  })

  it('a quoted cell over several lines is one record, named by its first line', async () => {
    const [row] = await freeAcmeRows(1)
    const answer = await upload(
      `order,key,email\n${row.order},${row.key},"multi@acme.test\nSecond line"\n999999,1,x@acme.test\n`,
    )
    expect(answer.body.errors).toEqual([
      'Line 2: "multi@acme.test second line" in the "email" column is not a valid email address.',
      'Line 4: this company has no license with order "999999" and key "1".',
    ])
  })

  it("a European-locale spreadsheet's file (semicolons, a byte order mark, CRLF) plans like the comma file", async () => {
    const [first, second] = await freeAcmeRows(2)
    const lines = [
      'Order;Key;Email',
      `${first.order};${first.key};europe-1@acme.test`,
      `${second.order};${second.key};europe-2@acme.test`,
    ]
    const answer = await upload(
      new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(`${lines.join('\r\n')}\r\n`)]),
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      stage: 'plan',
      errors: [],
      summary: '2 licenses will be assigned.',
    })
    expect((answer.body.changes as Array<{ words: string }>).map((c) => c.words)).toEqual([
      `assign license ${first.key} of order ${first.order} to europe-1@acme.test`,
      `assign license ${second.key} of order ${second.order} to europe-2@acme.test`,
    ])
  })

  it('product rows give any free license, and every bad row is named', async () => {
    const before = await holders()
    const order = (
      await service.db
        .selectFrom('licenses')
        .select('order_id')
        .where('company_id', '=', 'acme')
        .executeTakeFirstOrThrow()
    ).order_id
    const csv = [
      'Product,Order,Key,Email',
      ',999999,1,a@acme.test',
      `,${order},1,not an email`,
      'Quokka.js PRO,,,csv-quokka@acme.test',
      'No Such Product,,,x@acme.test',
      'Quokka.js PRO,,,',
    ].join('\n')
    const answer = await upload(csv)
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual([
      'Line 2: this company has no license with order "999999" and key "1".',
      'Line 3: "not an email" in the "Email" column is not a valid email address.',
      `Line 5: this company has no licenses of the product "No Such Product". Name one of: ${await acmeProducts()}.`,
      'Line 6: the "Email" column is empty: give the address that should get a license of "Quokka.js PRO".',
    ])
    expect(answer.body.changes).toEqual([])
    expect(await holders()).toEqual(before)
  })

  it('more product rows than free licenses: not enough licenses', async () => {
    const quokka = await service.db
      .selectFrom('licenses')
      .select(['assigned_to'])
      .where('company_id', '=', 'acme')
      .where('product_name', 'like', 'Quokka%')
      .where('expiration', '>', Date.now())
      .where('subscription_id', 'is', null)
      .execute()
    const free = quokka.filter((l) => l.assigned_to === '').length
    const rows = Array.from({ length: free + 1 }, (_, i) => `Quokka.js PRO,many${i}@acme.test`)
    const answer = await upload(['product,email', ...rows].join('\n'))
    expect(answer.body.errors).toEqual([
      `Line ${free + 2}: Error: not enough unexpired licenses available. The file asks for ${free + 1} free licenses of Quokka.js PRO; ${free} are free.`,
    ])
  })

  describe('a malicious file is refused with a clear message and changes nothing', () => {
    const cases: Array<[string, () => BlobPart, string]> = [
      ['10 MB', () => 'a'.repeat(10 * 1024 * 1024), fileTooLarge],
      ['100,000 rows', () => '1,1,\n'.repeat(100_000), tooManyRows],
      ['UTF-16 without its byte order mark', () => new Uint8Array([0x31, 0x00, 0x2c, 0x00, 0x31, 0x00]), notText],
      ['binary', () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x00]), notText],
    ]
    it.each(cases)('%s', async (_name, content, message) => {
      const before = await holders()
      const answer = await upload(content())
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(answer.body).toEqual({ intent: 'import-seats', stage: 'refused', message })
      expect(await holders()).toEqual(before)
    })

    it('formulas in cells are read as text: an invalid address, not a command', async () => {
      const before = await holders()
      const answer = await upload('order,key,email\n=cmd|\' /C calc\'!A0,1,"=HYPERLINK(""http://x"")"\n')
      expect(answer.status).toBe(400)
      expect(answer.body.errors).toEqual([
        `Line 2: "=hyperlink('http[:]//x')" in the "email" column is not a valid email address.`,
      ])
      expect(await holders()).toEqual(before)
    })

    it('a broken quote is named with its line', async () => {
      const answer = await upload('order,key,email\n\n"1,1,a@acme.test\n')
      expect(answer.body).toEqual({
        intent: 'import-seats',
        stage: 'refused',
        message: 'The file could not be read as CSV: a quote opened on line 3 is never closed.',
      })
    })

    it('an edited plan naming another company’s license is refused', async () => {
      const globex = await service.db
        .selectFrom('licenses')
        .select(['id', 'owner', 'assigned_to'])
        .where('company_id', '=', 'globex')
        .executeTakeFirstOrThrow()
      const response = await apply(
        [{ id: globex.id, owner: globex.owner, assignedTo: 'x@acme.test', assignedToBefore: globex.assigned_to }],
        'import-seats-key-0000000002',
      )
      expect(response.status).toBe(400)
    })
  })
})
