// What the demo data set holds for each demo account: accounts and roles, licenses, subscriptions, coupons, the
// activity log's history, and the README's lists of what a newcomer can try.
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { findPlan } from '../config/catalog/index.js'
import { TEST_CARDS } from '../sandbox/cards.js'
import { demoAccounts, demoRefs } from './seed.js'
import { closeStoresAfterEach, DAY, NOW, seededDb } from '../tests/support/seed-stores.js'

closeStoresAfterEach()

describe('demo data set', () => {
  it('has each demo account with its role', async () => {
    const db = await seededDb()
    const accounts = new Map((await db.selectFrom('accounts').selectAll().execute()).map((a) => [a.email, a]))
    for (const { email, description } of demoAccounts) {
      expect(description.length).toBeGreaterThan(10)
      if (email === 'nobody@example.test') expect(accounts.has(email)).toBe(false)
      else expect(accounts.get(email), email).toBeDefined()
    }
    const roles = await db.selectFrom('company_permissions').select(['company_id', 'email', 'permissions']).execute()
    const role = (companyId: string, email: string) =>
      roles.find((r) => r.company_id === companyId && r.email === email)?.permissions
    expect(role('acme', 'olivia@acme.test')).toBe('ADMIN')
    expect(role('acme', 'max@acme.test')).toBe('ASSIGN')
    expect(role('globex', 'rita@reseller.test')).toBe('ADMIN,RESELLER')
    expect(role('initech', 'rita@reseller.test')).toBe('ADMIN,RESELLER')
    expect(role('globex', 'ray@reseller.test')).toBe('RESELLER')
    expect(role('globex', 'carl@globex.test')).toBe('ADMIN')
    expect(role('vendor-labs', 'root@vendor.test')).toBe('ADMIN')
    // Every company member has an account row.
    for (const r of roles) expect(accounts.has(r.email), r.email).toBe(true)

    const companies = await db.selectFrom('companies').select(['id', 'name']).orderBy('id').execute()
    expect(companies).toEqual([
      { id: 'acme', name: 'Acme Corp' },
      { id: 'globex', name: 'Globex' },
      { id: 'initech', name: 'Initech' },
      { id: 'vendor-labs', name: 'Vendor Labs' },
    ])

    expect(accounts.get('root@vendor.test')?.admin).toBe(1)
    expect([...accounts.values()].filter((a) => a.admin === 1).map((a) => a.email)).toEqual(['root@vendor.test'])
    expect(accounts.get('gita@github.test')).toMatchObject({
      github_id: 'gh-1001',
      google_id: null,
      logon_link: 'default',
    })
    expect(accounts.get('gary@google.test')).toMatchObject({
      google_id: 'go-2001',
      github_id: null,
      logon_link: 'always',
    })
    expect(accounts.get('pat@personal.test')).toMatchObject({ github_id: null, google_id: null, logon_link: 'default' })

    const ownedBy = async (email: string) =>
      (await db.selectFrom('licenses').select('id').where('owner', '=', email).execute()).length
    expect(await ownedBy('max@acme.test')).toBe(0)
    expect(await ownedBy('root@vendor.test')).toBe(2)
    expect(await ownedBy('gita@github.test')).toBe(1)
    expect(await ownedBy('gary@google.test')).toBe(1)
    const nobody = await db
      .selectFrom('licenses')
      .select('id')
      .where((eb) => eb.or([eb('owner', '=', 'nobody@example.test'), eb('assigned_to', '=', 'nobody@example.test')]))
      .execute()
    expect(nobody).toEqual([])
    expect(
      await db.selectFrom('company_permissions').selectAll().where('email', '=', 'max@acme.test').execute(),
    ).toHaveLength(1)
    const maxAssigned = await db
      .selectFrom('licenses')
      .select('id')
      .where('assigned_to', '=', 'max@acme.test')
      .execute()
    expect(maxAssigned).toEqual([])
  })

  it('gives Acme Corp 25+ licenses over bundle, wallaby and quokka, assigned and not, with one enterprise license', async () => {
    const db = await seededDb()
    const acme = await db.selectFrom('licenses').selectAll().where('owner', '=', 'acme').execute()
    expect(acme.length).toBeGreaterThanOrEqual(25)
    for (const l of acme) {
      expect(l.company_id).toBe('acme')
      expect(l.license_type).toBe('company')
    }
    const groups = new Set(acme.map((l) => l.product_group))
    for (const g of ['bundle', 'wallaby', 'quokka'] as const) expect(groups.has(g)).toBe(true)
    expect(acme.some((l) => l.assigned_to !== '')).toBe(true)
    expect(acme.some((l) => l.assigned_to === '' && l.subscription_id === null && l.expiration > NOW)).toBe(true)
    expect(acme.some((l) => l.expiration < NOW - 60 * DAY)).toBe(true)
    expect(acme.some((l) => l.expiration < NOW && l.expiration > NOW - 60 * DAY)).toBe(true)
    const enterprise = acme.filter((l) => l.is_multi_user === 1)
    expect(enterprise).toHaveLength(1)
    expect(enterprise[0]).toMatchObject({
      id: demoRefs.licenses.acmeEnterprise,
      product_name: 'Wallaby.js enterprise license',
      assigned_to: '',
    })
    expect(new Set(acme.map((l) => l.order_id)).size).toBeGreaterThanOrEqual(5)
  })

  it('has subscriptions in every state, with their licenses and payments', async () => {
    const db = await seededDb()
    const subs = await db.selectFrom('subscriptions').selectAll().execute()
    const byId = new Map(subs.map((s) => [s.id, s]))
    const s = demoRefs.subscriptions
    const licensesOf = (id: string) => db.selectFrom('licenses').selectAll().where('subscription_id', '=', id).execute()

    const renewing = byId.get(s.acmeActiveRenewing)!
    expect(renewing).toMatchObject({
      state: 'active',
      billing_period: 'year',
      quantity: 5,
      payment_method: 'card',
      unit_price: 116,
      currency: 'USD',
    })
    expect(renewing.next_payment_date).toBeGreaterThan(NOW)
    expect(renewing.next_payment_amount).toBe(580)
    const renewingLicenses = await licensesOf(s.acmeActiveRenewing)
    expect(renewingLicenses).toHaveLength(5)
    expect(renewingLicenses.filter((l) => l.assigned_to !== '')).toHaveLength(3)

    expect(byId.get(s.acmeActiveNotRenewing)).toMatchObject({
      state: 'active',
      next_payment_date: null,
      next_payment_amount: null,
    })
    expect(byId.get(s.acmePaused)).toMatchObject({ state: 'paused', next_payment_date: null })
    expect(byId.get(s.acmePastDue)?.state).toBe('pastDue')
    expect(byId.get(s.acmeDeletedExpired)?.state).toBe('deleted')
    expect(byId.get(s.acmeDeletedActive)?.state).toBe('deleted')
    for (const l of await licensesOf(s.acmeDeletedExpired)) expect(l.expiration).toBeLessThan(NOW)
    for (const l of await licensesOf(s.acmeDeletedActive)) expect(l.expiration).toBeGreaterThan(NOW)
    // Paused past the paid term (Restart is offered), one of Acme's and one of pat's.
    for (const id of [s.acmePausedEnded, s.patPausedEnded]) {
      expect(byId.get(id)).toMatchObject({ state: 'paused', next_payment_date: null })
      const licenses = await licensesOf(id)
      expect(licenses.length, id).toBeGreaterThan(0)
      for (const l of licenses) expect(l.expiration).toBeLessThan(NOW)
    }
    expect(byId.get(s.acmePausedEnded)?.company_id).toBe('acme')
    expect(byId.get(s.patPausedEnded)).toMatchObject({ owner: 'pat@personal.test', company_id: null })

    const offer = byId.get(s.acmeSpecialOffer)!
    expect(offer.state).toBe('active')
    expect(JSON.parse(offer.special_offer!)).toEqual({
      message: 'Extend for 12 months at 20% off',
      currency: 'USD',
      priceGross: 92.8,
      country: 'US',
    })
    expect(subs.filter((x) => x.special_offer !== null)).toHaveLength(1)

    const lapsing = await licensesOf(s.acmeLapsing)
    expect(byId.get(s.acmeLapsing)?.quantity).toBe(3)
    expect(lapsing).toHaveLength(4)
    expect(lapsing.filter((l) => l.lapsing === 1).map((l) => l.id)).toEqual([demoRefs.licenses.acmeLapsing])

    expect(byId.get(s.acmeMonthly)).toMatchObject({ state: 'active', billing_period: 'month', unit_price: 12.1 })
    expect(byId.get(s.acmeMonthly)?.next_payment_date).toBeGreaterThan(NOW)

    for (const sub of subs) {
      const licenses = await licensesOf(sub.id)
      expect(licenses.length, sub.id).toBeGreaterThanOrEqual(sub.quantity)
      expect(licenses.filter((l) => l.lapsing === 1).length, sub.id).toBe(licenses.length - sub.quantity)
      for (const l of licenses) {
        expect(l).toMatchObject({ owner: sub.owner, company_id: sub.company_id, billing_period: sub.billing_period })
        expect(l.product_name).toBe(sub.product_name)
      }
      expect(sub.update_url).toBe(`/sandbox/update-payment/${sub.id}`)
      const expectedPrice = { 'company-year': 116, 'company-month': 12.1, 'personal-year': 58, 'personal-month': 6.05 }[
        `${licenses[0].license_type}-${sub.billing_period}`
      ]
      expect(sub.unit_price, sub.id).toBe(expectedPrice)
      const payments = await db.selectFrom('payments').selectAll().where('subscription_id', '=', sub.id).execute()
      expect(payments.length, sub.id).toBeGreaterThanOrEqual(2)
      expect(payments.length, sub.id).toBeLessThanOrEqual(3)
      for (const p of payments) {
        expect(p.receipt_url).toBe(`/sandbox/receipts/${p.id}`)
        expect(p.date).toBeLessThanOrEqual(NOW)
        expect(p.order_id).toBe(sub.order_id)
      }
    }
    // Every company subscription of Acme sits with Acme.
    const acmeSubs = subs.filter((x) => x.company_id === 'acme')
    expect(acmeSubs).toHaveLength(10)
    for (const x of acmeSubs) expect(x.owner).toBe('acme')
    // The monthly subscription that may be upgraded (more than 90 days to expiry, spec §5).
    const extended = byId.get(s.globexMonthlyExtended)!
    expect(extended).toMatchObject({ state: 'active', billing_period: 'month', owner: 'globex' })
    for (const l of await licensesOf(extended.id)) expect(l.expiration).toBeGreaterThan(NOW + 90 * DAY)
    // Globex has two subscriptions, Initech one.
    expect(subs.filter((x) => x.owner === 'globex')).toHaveLength(2)
    expect(subs.filter((x) => x.owner === 'initech')).toHaveLength(1)
  })

  it("subscribes only to plans of the catalog, each of its subscription's product and billing period", async () => {
    const db = await seededDb()
    const subscriptions = await db
      .selectFrom('subscriptions')
      .select(['id', 'plan_id', 'product_group', 'billing_period'])
      .execute()
    expect(subscriptions.length).toBeGreaterThan(0)
    for (const subscription of subscriptions) {
      const plan = findPlan(subscription.plan_id)
      expect(plan, `${subscription.id}: ${subscription.plan_id}`).toBeDefined()
      expect(plan!.product.group).toBe(subscription.product_group)
      expect(plan!.billingPeriod).toBe(subscription.billing_period)
    }
  })

  it('gives pat personal licenses of each group, the expiry cases, Open Source, a trial, a subscription and 3 activations', async () => {
    const db = await seededDb()
    const pat = await db.selectFrom('licenses').selectAll().where('owner', '=', 'pat@personal.test').execute()
    for (const l of pat) expect(l).toMatchObject({ company_id: null, license_type: 'personal', assigned_to: '' })
    expect(new Set(pat.map((l) => l.product_group))).toEqual(new Set(['bundle', 'wallaby', 'quokka', 'other']))
    const get = (id: string) => pat.find((l) => l.id === id)!
    const r = demoRefs.licenses
    expect(get(r.patExpiringSoon).expiration).toBe(NOW + 20 * DAY)
    expect(get(r.patExpiredRecently).expiration).toBe(NOW - 10 * DAY)
    expect(get(r.patExpiredLongAgo).expiration).toBeLessThan(NOW - 60 * DAY)
    expect(get(r.patOpenSource).product_name).toContain('Open Source')
    expect(get(r.patTrial).trial).toBe(1)
    expect(pat.filter((l) => l.trial === 1)).toHaveLength(1)

    const subs = await db.selectFrom('subscriptions').selectAll().where('owner', '=', 'pat@personal.test').execute()
    // The monthly subscription, and the one paused past its paid term (see above).
    expect(subs.map((x) => x.id).sort()).toEqual(
      [demoRefs.subscriptions.patMonthly, demoRefs.subscriptions.patPausedEnded].sort(),
    )
    const monthly = subs.find((x) => x.id === demoRefs.subscriptions.patMonthly)!
    expect(monthly).toMatchObject({
      id: demoRefs.subscriptions.patMonthly,
      company_id: null,
      state: 'active',
      billing_period: 'month',
      payment_method: 'card',
      card_type: 'visa',
      last_four: '4242',
      unit_price: 6.05,
    })
    expect(monthly.next_payment_date).toBeGreaterThan(NOW)
    expect(get(r.patSubscription).subscription_id).toBe(monthly.id)

    const activations = await db.selectFrom('activations').selectAll().orderBy('activation_time').execute()
    expect(activations.map((a) => [a.license_id, a.hostname, a.status])).toEqual([
      [r.patActivated, 'pat-laptop', 'active'],
      [r.patActivated, 'pat-desktop', 'active'],
      [r.acmeBundleSeatInUse, 'dev2-workstation', 'active'],
      [r.patActivated, 'build-server', 'active'],
    ])
    expect(get(r.patActivated).expiration).toBeGreaterThan(NOW)
  })

  it('has coupons of each status (and none for the invalid example)', async () => {
    const db = await seededDb()
    const coupons = new Map((await db.selectFrom('coupons').selectAll().execute()).map((c) => [c.code, c]))
    const active = (code: string) => {
      const c = coupons.get(code)!
      return c.redeemed_by === null && (c.expires_at === null || c.expires_at > NOW)
    }
    expect(active('FREEMONTH')).toBe(true)
    expect(coupons.get('FREEMONTH')?.months).toBe(1)
    expect(active('FREEYEAR')).toBe(true)
    expect(coupons.get('FREEYEAR')?.months).toBe(12)
    expect(coupons.get('EXPIRED2025')?.expires_at).toBeLessThan(NOW)
    expect(coupons.get('EXPIRED2025')?.redeemed_by).toBeNull()
    expect(coupons.get('USEDCOUPON')).toMatchObject({ redeemed_by: 'gary@google.test' })
    expect(coupons.get('USEDCOUPON')?.redeemed_at).toBeLessThan(NOW)
    expect(coupons.has('NOSUCHCOUPON')).toBe(false)
  })

  it('fills a demo company’s activity log with its history: who assigned each seat, the subscriptions paused or cancelled', async () => {
    const db = await seededDb()
    const entries = await db
      .selectFrom('activity_entries')
      .selectAll()
      .where('company_id', '=', 'acme')
      .orderBy('created_at')
      .execute()
    const assigned = await db
      .selectFrom('licenses')
      .select(['key_number', 'order_id', 'assigned_to'])
      .where('company_id', '=', 'acme')
      .where('assigned_to', '!=', '')
      .execute()
    const assignments = entries.filter((e) => e.kind === 'assignment')
    expect(assignments).toHaveLength(assigned.length)
    for (const l of assigned) {
      expect(assignments.map((e) => e.summary)).toContain(
        `assigned license ${l.key_number} of order ${l.order_id} to ${l.assigned_to}`,
      )
    }
    expect(new Set(entries.map((e) => e.actor))).toEqual(new Set(['olivia@acme.test']))
    expect(
      entries.some(
        (e) =>
          e.kind === 'subscription' && /^paused the subscription .+ \(sub_\w+\) \(auto-renew off\)$/.test(e.summary),
      ),
    ).toBe(true)
    expect(entries.every((e) => e.created_at < NOW)).toBe(true)
    // The person filter finds an assignee's entries.
    const people = await db
      .selectFrom('activity_people')
      .select('email')
      .where('entry_id', '=', assignments[0].id)
      .execute()
    expect(people.map((p) => p.email).sort()).toEqual(
      [
        'olivia@acme.test',
        assigned.find((l) => assignments[0].summary.endsWith(` to ${l.assigned_to}`))!.assigned_to,
      ].sort(),
    )
  })

  it('has its coupons and the sandbox test cards listed in the README, so that a newcomer can try the shop', async () => {
    const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const db = await seededDb()
    const codes = (await db.selectFrom('coupons').select('code').execute()).map((c) => c.code)
    for (const code of [...codes, 'NOSUCHCOUPON']) expect(readme).toContain(`| \`${code}\``)
    for (const card of TEST_CARDS) expect(readme).toContain(`| \`${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}\``)
  })
})
