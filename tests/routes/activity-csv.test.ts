import type { AppLoadContext } from '@remix-run/node'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, signInAs } from '../support/service'
import { cookieFrom, removeDataDir, settle } from './account-stub'

// The activity log as a CSV download (/manage/activity.csv), answered by the real (test) service in process: every
// entry of the filter, however long the log, streamed a page at a time.
const { loader } = await import('#app/routes/manage_.activity[.]csv')
const { createUserSession } = await import('#app/utils/session.server')

let service: Awaited<ReturnType<typeof createTestService>>
let cookie = ''
/** Globex's Company Administrator in the demo data. */
const email = 'carl@globex.test'
const context = {
  licensing: { call: (request: unknown, credential?: string, key?: string) => service.call(request, credential, key) },
} as unknown as AppLoadContext

/** The export's former limit: 100 pages of 1,000 entries. */
const FORMER_LIMIT = 100_000
const COMPANY = 'globex'

beforeAll(async () => {
  service = await createTestService()
  const credential = await signInAs(service, email)
  cookie = cookieFrom(
    await createUserSession(new Request('http://portal.test/'), { email, admin: false, credential }, '/manage'),
  )
  // More entries than the export used to stop at, seven at a time sharing a moment (so pages end inside a moment).
  const base = Date.UTC(2024, 0, 1)
  const rows = Array.from({ length: FORMER_LIMIT + 1234 }, (_, i) => ({
    company_id: COMPANY,
    account_email: null,
    kind: 'assignment',
    actor: email,
    summary: `entry ${i}`,
    details: '[]',
    created_at: base + Math.floor(i / 7) * 1000,
  }))
  for (let i = 0; i < rows.length; i += 2000) {
    await service.db
      .insertInto('activity_entries')
      .values(rows.slice(i, i + 2000))
      .execute()
  }
}, 120_000)

afterAll(async () => {
  await service.close()
  removeDataDir()
})

async function download(query: string): Promise<{ status: number; rows: string[][] }> {
  const response = await settle(
    loader({
      request: new Request(`http://portal.test/manage/activity.csv?${query}`, { headers: { Cookie: cookie } }),
      params: {},
      context,
    }),
  )
  if (response.status !== 200) return { status: response.status, rows: [] }
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
  return { status: response.status, rows: parse(text.replace(/^\uFEFF/, '')) as string[][] }
}

describe('the activity CSV', () => {
  it('an activity log over the export’s former limit downloads every entry, once, newest first', async () => {
    const total = await service.db
      .selectFrom('activity_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', COMPANY)
      .executeTakeFirstOrThrow()
    expect(Number(total.n)).toBeGreaterThan(FORMER_LIMIT)
    const { status, rows } = await download(`company=${COMPANY}`)
    expect(status).toBe(200)
    expect(rows[0]).toEqual(['When', 'Who', 'Kind', 'What', 'Details'])
    const summaries = rows.slice(1).map((r) => r[3])
    expect(summaries).toHaveLength(Number(total.n))
    expect(new Set(summaries).size).toBe(summaries.length)
    expect(summaries.at(-1)).toBe('entry 0')
  }, 120_000)

  it('a company whose log the user may not read is a 404, before any byte of a file', async () => {
    const { status } = await download('company=initech')
    expect(status).toBe(404)
  })
})
