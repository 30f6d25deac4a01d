import type { AppLoadContext } from '@remix-run/node'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ManageView } from '#app/rules/manage-view'
import { CompanySection } from '#app/routes/__manage/company-section'
import { countOf } from '#protocol/shared/words'
import { makeSubscription } from '../support/subscriptions'
import { createTestService, signInAs } from '../support/service'
import { cookieFrom, removeDataDir } from './account-stub'

// /manage for a company with a large subscription: the page gets each subscription's seats counted by the service and
// none of its license rows beyond the few that decide its state, and its card and the company heading say the counts.
const { loader: manageLoader } = await import('#app/routes/manage')
const { createUserSession } = await import('#app/utils/session.server')

const EMAIL = 'olivia@acme.test'
const SEATS = 2_000
const ASSIGNED = 700

let service: Awaited<ReturnType<typeof createTestService>>
let cookie = ''
let subscriptionId = ''

beforeAll(async () => {
  service = await createTestService()
  const made = await makeSubscription(service.db, {
    now: Date.now(),
    companyId: 'acme',
    seats: Array.from({ length: SEATS }, (_, i) => (i < ASSIGNED ? { assignedTo: `seat${i}@acme.test` } : {})),
  })
  subscriptionId = made.id
  const credential = await signInAs(service, EMAIL)
  cookie = cookieFrom(
    await createUserSession(new Request('http://portal.test/'), { email: EMAIL, admin: false, credential }, '/manage'),
  )
}, 60_000)
afterAll(async () => {
  await service.close()
  removeDataDir()
})

async function managePage(): Promise<{ view: ManageView; now: number; bytes: number }> {
  const context = { licensing: service } as unknown as AppLoadContext
  const response = (await manageLoader({
    request: new Request('http://portal.test/manage', { headers: { cookie } }),
    params: {},
    context,
  })) as Response
  expect(response.status).toBe(200)
  const text = await response.text()
  const data = JSON.parse(text) as { kind: string; view: ManageView; now: number }
  expect(data.kind).toBe('details')
  return { view: data.view, now: data.now, bytes: text.length }
}

describe('/manage with a 2,000-seat subscription', () => {
  it('ships the counts, not the seats', async () => {
    const { view, bytes } = await managePage()
    const acme = view.details.body.companies.find((c) => c.id === 'acme')!
    const big = acme.subscriptions.find((s) => s.subscriptionId === subscriptionId)!
    expect(big.licenses.length).toBeLessThanOrEqual(3)
    for (const s of [...view.details.body.personal.subscriptions, ...acme.subscriptions])
      expect(s.licenses.length, s.subscriptionId).toBeLessThanOrEqual(3)
    expect(view.subscriptionSeats.find((s) => s.subscriptionId === subscriptionId)).toEqual({
      subscriptionId,
      licenses: SEATS,
      assigned: ASSIGNED,
      unused: SEATS - ASSIGNED,
      lapsing: 0,
    })
    // One seat's row is some 400 characters: 2,000 of them would be most of the page's data.
    expect(bytes).toBeLessThan(100_000)
  })

  it('the subscription card and the company heading say the counts', async () => {
    const { view, now } = await managePage()
    const acme = view.details.body.companies.find((c) => c.id === 'acme')!
    const section = createElement(CompanySection, {
      company: acme,
      counts: view.companies.acme.counts,
      subscriptionSeats: view.subscriptionSeats,
      licenses: view.companies.acme.licenses,
      now,
      showInactive: false,
      admin: false,
      email: EMAIL,
      search: '',
    })
    // The page's links and forms need a data router around them: the one server rendering uses, as Remix does.
    const handler = createStaticHandler([{ path: '/manage', element: section }])
    const routed = await handler.query(new Request('http://portal.test/manage'))
    if (routed instanceof Response) throw new Error('the route did not render')
    const router = createStaticRouter(handler.dataRoutes, routed)
    const html = renderToStaticMarkup(createElement(StaticRouterProvider, { router, context: routed, hydrate: false }))
    const card = html.slice(html.indexOf(`Subscription ${subscriptionId}`))
    expect(card).toContain('2,000 licenses, 700 assigned, 1,300 unused<')
    const { subscriptions, unusedSubscriptionLicenses } = view.companies.acme.counts
    expect(unusedSubscriptionLicenses).toBeGreaterThanOrEqual(SEATS - ASSIGNED)
    expect(html).toContain(
      `${countOf(subscriptions, 'subscription')} with ${countOf(unusedSubscriptionLicenses, 'unused license')} · `,
    )
  })
})
