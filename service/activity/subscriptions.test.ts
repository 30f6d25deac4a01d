// A subscription change in the company's log (`subscriptions.ts`): one entry by the account that made it, none when
// it is refused.
import { describe, expect, it } from 'vitest'
import { demoRefs } from '../../demo/seed.js'
import { ask, credentials, startActivityService, who, written } from '../../tests/support/activity-service.js'

startActivityService()

describe('subscriptions', () => {
  it("cancelling writes one entry by the account that did it in the company's log", async () => {
    const subscriptionId = demoRefs.subscriptions.acmeActiveNotRenewing
    const { answer, entries } = await written(() =>
      ask('cancelSubscription', { subscriptionId }, credentials.acmeAdministrator),
    )
    expect(answer.status).toBe(200)
    const mine = entries.filter((e) => e.actor === who.acmeAdministrator)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ company_id: 'acme', kind: 'subscription' })
    // Named as /manage names it: product, plan, billing and seats, the id after.
    expect(mine[0].summary).toMatch(
      new RegExp(
        `^cancelled the subscription .+ Organization, (yearly|monthly), \\d+ seats? \\(${subscriptionId}\\): its licenses run`,
      ),
    )
    // Anything else written then is the payment provider's own alert about the same change.
    expect(entries.filter((e) => e.actor !== who.acmeAdministrator).every((e) => e.actor === 'payment provider')).toBe(
      true,
    )
  })

  it('a refused subscription change writes nothing', async () => {
    const { answer, entries } = await written(() =>
      ask(
        'cancelSubscription',
        { subscriptionId: demoRefs.subscriptions.acmeActiveNotRenewing },
        credentials.acmeManager,
      ),
    )
    expect(answer.status).toBe(500)
    expect(entries).toHaveLength(0)
  })
})
