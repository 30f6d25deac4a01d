import { describe, expect, it } from 'vitest'
import { autoJoinNeedsVerification } from '../../protocol/domains/domains.js'
import { domainsTestService } from '../../tests/support/domains.js'
import { signInAs } from '../../tests/support/service.js'

const domains = domainsTestService(['olivia@acme.test', 'max@acme.test'])
const { ask, mailsTo } = domains

const seatsOf = (email: string) =>
  domains.service.db
    .selectFrom('licenses')
    .select('id')
    .where('company_id', '=', 'acme')
    .where('assigned_to', '=', email)
    .execute()

async function freeSeats(product: string): Promise<number> {
  const directory = await ask('retrieveDirectory', { companyId: 'acme' }, 'olivia@acme.test')
  const products = directory.body.products as Array<{ productGroup: string; free: number }>
  return products.find((p) => p.productGroup === product)?.free ?? 0
}

describe('auto-join', () => {
  it('is for verified domains, set by the administrators, with products the company has', async () => {
    const listed = await ask('retrieveDomains', { companyId: 'acme' }, 'olivia@acme.test')
    const products = (listed.body.products as Array<{ productGroup: string; name: string }>).map((p) => p.productGroup)
    expect(products).toContain('wallaby')

    const byManager = await ask(
      'setAutoJoin',
      { companyId: 'acme', domain: 'acme.test', productGroups: ['wallaby'] },
      'max@acme.test',
    )
    expect(byManager.body).toMatchObject({ error: 'FORBIDDEN' })

    await ask('claimDomain', { companyId: 'acme', domain: 'pending.example' }, 'olivia@acme.test')
    const pending = await ask(
      'setAutoJoin',
      { companyId: 'acme', domain: 'pending.example', productGroups: ['wallaby'] },
      'olivia@acme.test',
    )
    expect(pending.body).toEqual({ error: 'INVALID_STATE', message: autoJoinNeedsVerification('pending.example') })

    // Nobody at the domain can sign in before auto-join is on.
    const early = await domains.service.call({ manageLicense: { type: 'link', email: 'early@acme.test' } })
    expect(early.body).toMatchObject({ error: 'NO_USER' })
  })

  it('gives people signing in at the domain the free seats, then the queue; the administrators are told', async () => {
    const set = await ask(
      'setAutoJoin',
      { companyId: 'acme', domain: 'ACME.test', productGroups: ['wallaby'] },
      'olivia@acme.test',
    )
    expect(set.status).toBe(200)
    expect((set.body.domain as { autoJoin: string[] }).autoJoin).toEqual(['wallaby'])

    const free = await freeSeats('wallaby')
    // The demo data leaves Acme a few free Wallaby.js seats.
    expect(free).toBeGreaterThan(0)
    const people = Array.from({ length: free + 2 }, (_, i) => `joiner${i + 1}@acme.test`)
    for (const email of people) await signInAs(domains.service, email)

    for (const email of people.slice(0, free)) expect(await seatsOf(email)).toHaveLength(1)
    const [first, second] = people.slice(free)
    expect(await seatsOf(first)).toHaveLength(0)
    expect(await seatsOf(second)).toHaveLength(0)
    expect(await freeSeats('wallaby')).toBe(0)

    const told = await mailsTo('olivia@acme.test', `${second} joined the company "Acme Corp" through acme.test`)
    expect(told).toHaveLength(1)
    expect(told[0].text).toContain('waits for a seat of Wallaby.js: none was free (number 2 in the queue)')
    const given = await mailsTo('olivia@acme.test', `${people[0]} joined the company "Acme Corp" through acme.test`)
    expect(given[0].text).toContain('received a seat of Wallaby.js')
    expect(await mailsTo(people[0], 'has assigned you a license')).toHaveLength(1)

    // A second sign-in changes nothing: one seat, one place, no second mail.
    await signInAs(domains.service, people[0])
    await signInAs(domains.service, second)
    expect(await seatsOf(people[0])).toHaveLength(1)
    expect(
      await mailsTo('olivia@acme.test', `${second} joined the company "Acme Corp" through acme.test`),
    ).toHaveLength(1)

    const log = await domains.service.db
      .selectFrom('activity_entries')
      .select(['summary', 'actor'])
      .where('company_id', '=', 'acme')
      .where('kind', '=', 'domain')
      .execute()
    expect(log).toContainEqual({
      actor: 'auto-join (acme.test)',
      summary: `${second} joined through acme.test and waits for a seat of Wallaby.js (number 2 in the queue)`,
    })
  })

  it('turned off, lets nobody new in', async () => {
    const off = await ask(
      'setAutoJoin',
      { companyId: 'acme', domain: 'acme.test', productGroups: [] },
      'olivia@acme.test',
    )
    expect(off.status).toBe(200)
    const late = await domains.service.call({ manageLicense: { type: 'link', email: 'late@acme.test' } })
    expect(late.body).toMatchObject({ error: 'NO_USER' })
  })
})
