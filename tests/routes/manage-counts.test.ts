import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Details } from '#protocol/operations'
import { manageView } from '#app/rules/manage-view'
import { companyCounts, seatCounts, seatsLookup, subscriptionSeatsText } from '#app/rules/seat-counts'
import { visibleSubscriptions } from '#app/rules/subscription'
import { callLicensing } from '#app/utils/licensing.server'
import { demoRefs } from '../../demo/seed'
import { createTestService, signInAs } from '../support/service'
import { isExpired } from '#protocol/licenses/licenses'

// The counts /manage shows about a company (its heading, its subscription rows, its license table) on the demo data:
// the heading adds up what the rows and the table show.
describe('the counts of /manage reconcile on the demo data', () => {
  let service: Awaited<ReturnType<typeof createTestService>>
  beforeAll(async () => {
    service = await createTestService()
  })
  afterAll(async () => {
    await service.close()
  })

  async function detailsOf(email: string): Promise<Details> {
    const credential = await signInAs(service, email)
    const outcome = await callLicensing('retrieveDetails', {}, { credential, context: { licensing: service } })
    if (!outcome.ok) throw new Error(outcome.message)
    return outcome.result
  }

  it('each company heading is the sum of its subscription rows and the rows of its license table', async () => {
    const now = Date.now()
    for (const email of ['olivia@acme.test', 'rita@reseller.test', 'root@vendor.test']) {
      const details = await detailsOf(email)
      expect(details.body.companies.length, email).toBeGreaterThan(0)
      const credential = await signInAs(service, email)
      const windowed = await callLicensing(
        'retrieveDetails',
        { windows: [] },
        { credential, context: { licensing: service } },
      )
      if (!windowed.ok) throw new Error(windowed.message)
      const view = manageView(windowed.result, {
        now,
        viewOf: () => ({ page: 1, pageSize: 50, search: '', filter: 'all' }),
      })
      for (const company of details.body.companies) {
        const heading = view.companies[company.id].counts
        const rows = visibleSubscriptions(company.subscriptions, false, now)
        expect(heading.subscriptions, company.name).toBe(rows.length)
        expect(heading.unusedSubscriptionLicenses, company.name).toBe(
          rows.reduce((n, s) => n + seatCounts(s.licenses, now).unused, 0),
        )
        // Every row of the table (all its pages) reads "Unassigned" or an address, and "Expired" or not.
        const table = company.licenses.filter((l) => !l.subscription)
        expect(heading.licenses, company.name).toBe(view.companies[company.id].licenses.total)
        expect(heading.unassigned, company.name).toBe(
          table.filter((l) => l.assignedTo === '' && !isExpired(l, now)).length,
        )
        const fullSeats = seatsLookup(
          company.subscriptions.map((s) => ({ subscriptionId: s.subscriptionId, ...seatCounts(s.licenses, now) })),
        )
        expect(heading).toEqual(
          companyCounts(
            company.subscriptions,
            fullSeats,
            { total: table.length, unassigned: table.filter((l) => l.assignedTo === '' && !isExpired(l, now)).length },
            now,
          ),
        )
        // Each subscription card reads the counts the service answered: those of its every license.
        const answered = seatsLookup(view.subscriptionSeats)
        for (const s of company.subscriptions)
          expect(answered(s.subscriptionId), s.subscriptionId).toEqual(fullSeats(s.subscriptionId))
        for (const s of rows) {
          const c = seatCounts(s.licenses, now)
          const expiredFree = s.licenses.filter((l) => l.assignedTo === '' && isExpired(l, now)).length
          expect(c.assigned + c.unused + expiredFree, s.subscriptionId).toBe(c.licenses)
          expect(c.licenses, s.subscriptionId).toBe(s.licenses.length)
        }
      }
    }
  })

  it('the subscription with a lapsing seat reads the four licenses it holds, one of them free', async () => {
    const details = await detailsOf('olivia@acme.test')
    const acme = details.body.companies.find((c) => c.id === demoRefs.companies.acme)!
    const lapsing = acme.subscriptions.find((s) => s.subscriptionId === demoRefs.subscriptions.acmeLapsing)!
    expect(lapsing.quantity).toBe(3)
    expect(subscriptionSeatsText(seatCounts(lapsing.licenses, Date.now()), false)).toBe(
      '4 licenses until the term ends, 3 renew and 1 lapses, 3 assigned, 1 unused',
    )
  })
})
