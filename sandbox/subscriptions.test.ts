// The sandbox's subscriptions: the update-payment page and the subscription API on the demo data, and renewals.
import { describe, expect, it } from 'vitest'
import { demoRefs } from '../demo/seed.js'
import { signInAs } from '../tests/support/service.js'
import { inputValue, postForm } from '../tests/support/payments.js'
import { card, sandbox, server, service, startSandbox } from '../tests/support/sandbox.js'

startSandbox()

describe('the update-payment page and the subscription API (on the demo data)', () => {
  const vendorSub = (id: string) =>
    service.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

  it('changes the card of a demo subscription (by its update URL) and the row follows the webhook', async () => {
    const id = demoRefs.subscriptions.acmeActiveRenewing
    const page = await fetch(`${server.url}/sandbox/update-payment/${id}`)
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(html).toContain('<h1>Update payment method</h1>')
    expect(html).toContain('Visa ending in 4242')

    const bad = await postForm(`${server.url}/sandbox/update-payment/${id}`, {
      ...card,
      cardNumber: '4000000000000002',
    })
    expect(bad.status).toBe(422)
    expect(await bad.text()).toContain('Your card was declined by your bank. Please use another card.')

    const updated = await postForm(`${server.url}/sandbox/update-payment/${id}`, {
      ...card,
      cardNumber: '4000 0000 0000 0341',
    })
    expect(updated.status).toBe(200)
    expect(await updated.text()).toContain('<h1>Payment method updated</h1>')
    expect(await vendorSub(id)).toMatchObject({ last_four: '0341', card_expiry: '12/2039' })

    // That card takes no charges.
    const providerId = (await vendorSub(id)).provider_subscription_id!
    await expect(sandbox.charge(providerId, 10, 'Extension')).rejects.toMatchObject({ code: 'CHARGE_ERROR' })
  })

  it('charges a past-due subscription again with the new card and makes it active', async () => {
    const id = demoRefs.subscriptions.acmePastDue
    const before = await vendorSub(id)
    expect(before.state).toBe('pastDue')
    const response = await postForm(`${server.url}/sandbox/update-payment/${id}`, card)
    expect(await response.text()).toContain('the subscription is active again')
    const after = await vendorSub(id)
    expect(after.state).toBe('active')
    expect(after.last_four).toBe('4242')
    const licenses = await service.db
      .selectFrom('licenses')
      .select('expiration')
      .where('subscription_id', '=', id)
      .execute()
    expect(licenses.every((l) => Number(l.expiration) > Number(before.next_payment_date))).toBe(true)
  })

  it('wears the framing portal’s theme and tells the portal’s origin, on the page after it too', async () => {
    const id = demoRefs.subscriptions.acmeActiveRenewing
    const origin = new URL(service.config.publicUrl).origin
    const query = new URLSearchParams({ theme: 'light', origin })
    const html = await (await fetch(`${server.url}/sandbox/update-payment/${id}?${query}`)).text()
    expect(html).toContain('<html lang="en" class="light">')
    expect(inputValue(html, 'theme')).toBe('light')
    expect(inputValue(html, 'origin')).toBe(origin)
    // The script that hears the portal's theme switch, and posts to the portal's origin alone.
    expect(html).toContain("message.data.source === 'portal-theme'")
    expect(html).toContain(`var target = ${JSON.stringify(origin)}`)
    const refused = await postForm(`${server.url}/sandbox/update-payment/${id}`, {
      theme: 'light',
      origin,
      ...card,
      cardCvc: '',
    })
    expect(await refused.text()).toContain('<html lang="en" class="light">')
    // Another origin is not told anything.
    const foreign = await (
      await fetch(`${server.url}/sandbox/update-payment/${id}?origin=${encodeURIComponent('https://evil.test')}`)
    ).text()
    expect(foreign).not.toContain('evil.test')
  })

  it('pauses and restarts within the paid term (no charge), and refuses changes while paused', async () => {
    const id = demoRefs.subscriptions.globexAnnual
    const providerId = (await vendorSub(id)).provider_subscription_id!
    await sandbox.updateSubscription({ subscriptionId: providerId, pause: true })
    expect(await vendorSub(id)).toMatchObject({ state: 'paused', next_payment_date: null, next_payment_amount: null })
    await expect(sandbox.updateSubscription({ subscriptionId: providerId, quantity: 3 })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: 'A paused subscription cannot be modified until it is restarted.',
    })
    const paymentsBefore = (await sandbox.payments(providerId)).length
    const resumed = await sandbox.updateSubscription({ subscriptionId: providerId, pause: false })
    expect(resumed.nextPayment).toMatchObject({ currency: 'USD', amount: 232 })
    expect(await vendorSub(id)).toMatchObject({ state: 'active', next_payment_amount: 232 })
    expect((await sandbox.payments(providerId)).length).toBe(paymentsBefore)
  })

  it('raises the quantity with a prorated charge now, and lowers it without one', async () => {
    const id = demoRefs.subscriptions.acmeMonthly
    const providerId = (await vendorSub(id)).provider_subscription_id!
    const paid = (await sandbox.payments(providerId)).length
    await sandbox.updateSubscription({ subscriptionId: providerId, quantity: 4, prorate: true, billImmediately: true })
    const payments = await sandbox.payments(providerId)
    expect(payments.length).toBe(paid + 1)
    const charge = payments[payments.length - 1]
    // 2 more licenses at 12.10 for the 18 days left of a 30- or 31-day month.
    expect(charge.amount).toBeGreaterThan(0)
    expect(charge.amount).toBeLessThan(2 * 12.1)
    let licenses = await service.db.selectFrom('licenses').selectAll().where('subscription_id', '=', id).execute()
    expect(licenses.filter((l) => l.lapsing === 0)).toHaveLength(4)
    expect(
      await service.db.selectFrom('payments').select('id').where('id', '=', `pp_${charge.id}`).executeTakeFirst(),
    ).toBeDefined()

    await sandbox.updateSubscription({ subscriptionId: providerId, quantity: 1 })
    expect((await sandbox.payments(providerId)).length).toBe(paid + 1)
    licenses = await service.db.selectFrom('licenses').selectAll().where('subscription_id', '=', id).execute()
    expect(licenses.filter((l) => l.lapsing === 0)).toHaveLength(1)
    expect((await vendorSub(id)).quantity).toBe(1)
  })

  it('upgrades monthly to annual, billed now, and the subscription becomes annual', async () => {
    const id = demoRefs.subscriptions.initechMonthly
    const providerId = (await vendorSub(id)).provider_subscription_id!
    await expect(
      sandbox.updateSubscription({ subscriptionId: providerId, planId: 'wallaby-organization-year' }),
    ).rejects.toMatchObject({
      message: 'Moving to a plan with a different billing interval must be billed immediately.',
    })
    const result = await sandbox.updateSubscription({
      subscriptionId: providerId,
      planId: 'wallaby-organization-year',
      prorate: true,
      billImmediately: true,
    })
    expect(result.planId).toBe('wallaby-organization-year')
    const after = await vendorSub(id)
    expect(after).toMatchObject({ billing_period: 'year', plan_id: 'wallaby-organization-year' })
    const licenses = await service.db
      .selectFrom('licenses')
      .select(['billing_period', 'expiration'])
      .where('subscription_id', '=', id)
      .execute()
    expect(licenses.every((l) => l.billing_period === 'year')).toBe(true)
    expect(licenses.every((l) => Number(l.expiration) > Date.now() + 300 * 86_400_000)).toBe(true)
  })

  it('cancels: deleted, no next payment; a cancelled subscription cannot change', async () => {
    const id = demoRefs.subscriptions.acmeActiveNotRenewing
    const providerId = (await vendorSub(id)).provider_subscription_id!
    await sandbox.cancelSubscription(providerId)
    expect(await vendorSub(id)).toMatchObject({ state: 'deleted', next_payment_date: null })
    await expect(sandbox.updateSubscription({ subscriptionId: providerId, quantity: 1 })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
    })
    expect((await sandbox.getSubscription(providerId)).state).toBe('deleted')
  })

  it('charges a card on file and lists the payments with receipts; demo receipts are served too', async () => {
    const id = demoRefs.subscriptions.acmeSpecialOffer
    const providerId = (await vendorSub(id)).provider_subscription_id!
    const charge = await sandbox.charge(providerId, 92.8, 'Extension: 12 months')
    expect(charge).toMatchObject({ amount: 92.8, currency: 'USD', status: 'success' })
    const payments = await sandbox.payments(providerId)
    // The demo's three payments, adopted, and the charge.
    expect(payments).toHaveLength(4)
    expect(payments[3]).toMatchObject({ isOneOffCharge: true, amount: 92.8, receiptUrl: charge.receiptUrl })
    expect((await fetch(`${server.url}${charge.receiptUrl}`)).status).toBe(200)
    const demoReceipt = await fetch(`${server.url}${payments[0].receiptUrl}`)
    expect(demoReceipt.status).toBe(200)
    expect(await demoReceipt.text()).toContain('Acme Corp')
    expect((await fetch(`${server.url}/sandbox/receipts/nothing-here`)).status).toBe(404)
  })
})

describe('renewing through the sandbox', () => {
  it('pays a renewal link and co-terms the licenses', async () => {
    const credential = await signInAs(service, 'rita@reseller.test')
    const rows = await service.db
      .selectFrom('licenses')
      .selectAll()
      .where('order_id', '=', demoRefs.orders.initechBundle)
      .execute()
    const answer = await service.call({ renewal: { ids: rows.map((r) => ({ id: r.id, owner: r.owner })) } }, credential)
    const { url } = (answer.body as { renewal: { url: string } }).renewal
    const page = await (await fetch(`${server.url}${url}`)).text()
    expect(page).toContain('Renewal of 4 licenses')
    const paid = await postForm(`${server.url}/sandbox/checkout`, {
      link: inputValue(page, 'link')!,
      checkout: inputValue(page, 'checkout')!,
      email: 'rita@reseller.test',
      country: 'US',
      postcode: '10001',
      intent: 'pay',
      ...card,
    })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toMatch(/^http:\/\/portal\.test\/manage\?checkout=chk_\w+&state=complete$/)
    const after = await service.db
      .selectFrom('licenses')
      .select('expiration')
      .where('order_id', '=', demoRefs.orders.initechBundle)
      .execute()
    const expected = new Date(Math.max(...rows.map((r) => Number(r.expiration))))
    expected.setUTCFullYear(expected.getUTCFullYear() + 1)
    expect(new Set(after.map((l) => Number(l.expiration)))).toEqual(new Set([expected.getTime()]))
    const checkouts = await service.db
      .selectFrom('sandbox_checkouts')
      .select(['gross', 'product_id'])
      .where('email', '=', 'rita@reseller.test')
      .execute()
    expect(checkouts).toEqual([{ gross: 464, product_id: 'license-renewal' }])
  })
})
