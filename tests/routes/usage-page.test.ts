import type { AppLoadContext } from '@remix-run/node'
import { parse } from 'csv-parse/sync'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Result } from '#protocol/operations'
import { recordActivationRefusal, recordLicenseCheck } from '../../service/usage/recording.js'
import { createTestService, signInAs } from '../support/service'
import { cookieFrom, removeDataDir, settle } from './account-stub'

// The usage page (/manage/usage) and its CSV, answered by the real (test) service in process; the chart rendered as
// the server sends it.
const { loader } = await import('#app/routes/manage_.usage')
const { loader: csvLoader } = await import('#app/routes/manage_.usage[.]csv')
const { UsageFigure } = await import('#app/components/usage/usage-figure')
const { createUserSession } = await import('#app/utils/session.server')

type Usage = Result<'retrieveUsage'>
let service: Awaited<ReturnType<typeof createTestService>>
const cookies = new Map<string, string>()
const context = {
  licensing: { call: (request: unknown, credential?: string, key?: string) => service.call(request, credential, key) },
} as unknown as AppLoadContext
const ADMIN = 'olivia@acme.test'
const MANAGER = 'max@acme.test'

beforeAll(async () => {
  service = await createTestService()
  for (const email of [ADMIN, MANAGER]) {
    const credential = await signInAs(service, email)
    cookies.set(
      email,
      cookieFrom(
        await createUserSession(new Request('http://portal.test/'), { email, admin: false, credential }, '/manage'),
      ),
    )
  }
  const licenses = await service.db.selectFrom('licenses').selectAll().where('owner', '=', 'acme').limit(3).execute()
  const now = Date.now()
  for (const license of licenses) await recordLicenseCheck(service.db, license, now)
  await recordActivationRefusal(service.db, licenses[0]!, 'act_page_1', now)
})

afterAll(async () => {
  await service.close()
  removeDataDir()
})

/** The store's rows of acme for the month: what the page must count. */
async function rowsOf(table: 'license_checks' | 'activation_refusals', month: string): Promise<number> {
  const row = await service.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', 'acme')
    .where('month', '=', month)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

const request = (path: string, email: string) =>
  new Request(`http://portal.test${path}`, { headers: { Cookie: cookies.get(email)! } })

async function page(query: string, email = ADMIN): Promise<{ status: number; usage?: Usage }> {
  const response = await settle(loader({ request: request(`/manage/usage?${query}`, email), params: {}, context }))
  return { status: response.status, ...(response.status === 200 ? { usage: (await response.json()) as Usage } : {}) }
}

describe('the usage page', () => {
  it('answers the company administrator its products’ last 12 months; a manager or a stranger finds no page', async () => {
    const { status, usage } = await page('company=acme')
    expect(status).toBe(200)
    expect(usage!.company).toEqual({ id: 'acme', name: 'Acme Corp' })
    expect(usage!.months).toHaveLength(12)
    const active = usage!.products.reduce((sum, p) => sum + p.months.at(-1)!.active, 0)
    expect(active).toBe(await rowsOf('license_checks', usage!.months.at(-1)!))
    expect((await page('company=acme', MANAGER)).status).toBe(404)
    expect((await page('company=globex')).status).toBe(404)
    expect((await page('')).status).toBe(404)
  })

  it('the chart’s SVG carries the table’s numbers, bar by bar, and is named', async () => {
    const { usage } = await page('company=acme')
    for (const product of usage!.products) {
      const html = renderToStaticMarkup(createElement(UsageFigure, { usage: product }))
      const svg = html.slice(html.indexOf('<svg'), html.indexOf('</svg>'))
      expect(svg).toMatch(/role="img" aria-labelledby="[^"]+-title"/)
      expect(svg).toMatch(/<title id="[^"]+-title">/)
      const table = html.slice(html.indexOf('<table'))
      for (const m of product.months) {
        const group = svg.slice(svg.indexOf(`data-month="${m.month}"`)).split('</g>')[0]!
        const row = table.slice(table.indexOf(`data-month="${m.month}"`)).split('</tr>')[0]!
        for (const series of ['bought', 'assigned', 'active', 'refused'] as const) {
          const cell = new RegExp(`data-series="${series}"[^>]*>([^<]+)<`).exec(row)![1]!
          const bar = new RegExp(`data-series="${series}" data-value="(\\d+)"[^>]*><title>[^<]*: ([^<]+)</title>`).exec(
            group,
          )
          const value = m[series]
          if (value === null) {
            expect(cell).toBe('not recorded')
            expect(bar).toBeNull()
          } else {
            expect(cell).toBe(value.toLocaleString('en-US'))
            expect(bar?.[1]).toBe(String(value))
            expect(bar?.[2]).toBe(cell)
          }
        }
      }
    }
  })

  it('downloads the same figures as CSV, one row per product and month', async () => {
    const { usage } = await page('company=acme')
    const response = await settle(
      csvLoader({ request: request('/manage/usage.csv?company=acme', ADMIN), params: {}, context }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="usage-Acme-Corp.csv"')
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
    const rows = parse(text.replace(/^\uFEFF/, '')) as string[][]
    expect(rows[0]).toEqual([
      'Product',
      'Month',
      'Seats bought',
      'Seats assigned',
      'Seats active',
      'Activations refused at the limit',
    ])
    expect(rows).toHaveLength(1 + 12 * usage!.products.length)
    const present = usage!.months.at(-1)!
    const refused = rows.filter((r) => r[1] === present).reduce((sum, r) => sum + Number(r[5]), 0)
    expect(refused).toBe(await rowsOf('activation_refusals', present))
    const csvMissing = await settle(
      csvLoader({ request: request('/manage/usage.csv?company=acme', MANAGER), params: {}, context }),
    )
    expect(csvMissing.status).toBe(404)
  })
})
