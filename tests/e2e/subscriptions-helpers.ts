// Helpers of the subscription browser tests (subscriptions-*.spec.ts). Each test makes its own company, its own
// Company Administrator and its own subscriptions in the server's store, so that the script-on and script-off runs of
// a test (and the other engineers' tests, which use the demo data) never touch each other's subscriptions. The
// sandbox payment provider adopts such a subscription the first time it is asked about it, as it does the demo data.
import crypto from 'node:crypto'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { Locator, Page } from '@playwright/test'
import { dataDir, expect, expectNoAxeViolations } from './fixtures'

const DAY = 86_400_000

function openStore(): Database.Database {
  const db = new Database(path.join(dataDir(), 'licensing.db'))
  db.pragma('busy_timeout = 5000')
  return db
}

export type Owner = { email: string; companyId: string; companyName: string }

/** A new company with a Company Administrator of its own (a new account), named for the test and the project. */
export function createOwner(prefix: string, js: boolean): Owner {
  const suffix = `${js ? 'js' : 'nojs'}-${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`
  const email = `${prefix}-${suffix}@subs.test`
  const companyId = `co_subs_${suffix}`
  const companyName = `Subs ${prefix} ${suffix}`
  const db = openStore()
  try {
    const now = Date.now()
    db.transaction(() => {
      db.prepare(
        "insert into accounts (email, admin, logon_link, github_id, google_id, created_at) values (?, 0, 'default', null, null, ?)",
      ).run(email, now)
      db.prepare('insert into companies (id, name, created_at) values (?, ?, ?)').run(companyId, companyName, now)
      db.prepare(
        "insert into company_permissions (company_id, email, permissions, created_at) values (?, ?, 'ADMIN', ?)",
      ).run(companyId, email, now)
    })()
    return { email, companyId, companyName }
  } finally {
    db.close()
  }
}

export type SubscriptionSpec = {
  state?: 'active' | 'paused' | 'pastDue' | 'deleted'
  billingPeriod?: 'month' | 'year'
  /** One entry per license: its assignee ('' for none) and whether it lapses. */
  seats: Array<{ assignedTo?: string; lapsing?: boolean }>
  quantity?: number
  /** Days from now the licenses run to. */
  expiresIn?: number
  /** Days from now of the next payment; null for none. Default: the expiry for active and pastDue. */
  nextPaymentIn?: number | null
  lastFour?: string
  specialOffer?: { message: string; currency: string; priceGross: number; country: string }
  /**
   * A personal subscription of the owner's own (its order and licenses too): owned by the owner's email, no company,
   * personal licenses. Default: a company subscription of the owner's company.
   */
  personal?: boolean
}

export type TestSubscription = { id: string; licenseIds: string[] }

/**
 * A Wallaby.js company subscription of the owner's company (or, with `personal`, a personal one of the owner's own),
 * with its order, licenses and one past payment.
 */
export function addSubscription(owner: Owner, spec: SubscriptionSpec): TestSubscription {
  const db = openStore()
  try {
    const now = Date.now()
    const suffix = crypto.randomBytes(6).toString('hex')
    const id = `sub_e2es${suffix}`
    const period = spec.billingPeriod ?? 'year'
    const unit = period === 'year' ? 116 : 12.1
    const state = spec.state ?? 'active'
    const quantity = spec.quantity ?? spec.seats.filter((s) => !s.lapsing).length
    const expiresIn = spec.expiresIn ?? 120
    const nextIn =
      spec.nextPaymentIn !== undefined
        ? spec.nextPaymentIn
        : state === 'active' || state === 'pastDue'
          ? expiresIn
          : null
    const orderId = `4${crypto.randomInt(100_000_000, 999_999_999)}`
    const licenseIds = spec.seats.map((_, i) => `lic_e2es${suffix}_${i + 1}`)
    const personal = spec.personal === true
    const product = personal ? 'Wallaby.js personal license' : 'Wallaby.js company license'
    const ownerId = personal ? owner.email : owner.companyId
    const companyId = personal ? null : owner.companyId
    db.transaction(() => {
      db.prepare(
        `insert into orders (id, owner, company_id, customer_name, customer_email, referrer, currency, amount,
           provider_checkout_id, receipt_url, created_at) values (?, ?, ?, ?, ?, null, 'USD', ?, ?, null, ?)`,
      ).run(
        orderId,
        ownerId,
        companyId,
        personal ? owner.email : owner.companyName,
        owner.email,
        unit * quantity,
        `chk_e2es${suffix}`,
        now - 30 * DAY,
      )
      db.prepare(
        `insert into subscriptions (id, owner, company_id, state, product_name, product_group, plan_id, billing_period,
           quantity, next_payment_date, next_payment_amount, currency, unit_price, payment_method, card_type, last_four,
           card_expiry, update_url, special_offer, pending_change, provider_subscription_id, order_id, created_at, updated_at)
         values (?, ?, ?, ?, ?, 'wallaby', ?, ?, ?, ?, ?, 'USD', ?, 'card', 'visa', ?, '09/2031', ?, ?, null, ?, ?, ?, ?)`,
      ).run(
        id,
        ownerId,
        companyId,
        state,
        product,
        `wallaby-${personal ? 'personal' : 'organization'}-${period}`,
        period,
        quantity,
        nextIn === null ? null : now + nextIn * DAY,
        nextIn === null ? null : Math.round(unit * quantity * 100) / 100,
        unit,
        spec.lastFour ?? '4242',
        `/sandbox/update-payment/${id}`,
        spec.specialOffer ? JSON.stringify(spec.specialOffer) : null,
        `e2e${suffix}`,
        orderId,
        now - 30 * DAY,
        now - 30 * DAY,
      )
      const insertLicense = db.prepare(
        `insert into licenses (id, owner, company_id, order_id, license_key, key_number, product_name, product_group,
           license_type, expiration, assigned_to, is_multi_user, trial, promotional, subscription_id, billing_period,
           lapsing, created_at)
         values (?, ?, ?, ?, ?, ?, ?, 'wallaby', ?, ?, ?, 0, 0, 0, ?, ?, ?, ?)`,
      )
      spec.seats.forEach((seat, i) =>
        insertLicense.run(
          licenseIds[i],
          ownerId,
          companyId,
          orderId,
          `WB-E2ES-${suffix.toUpperCase()}-${i + 1}`,
          i + 1,
          product,
          personal ? 'personal' : 'company',
          now + expiresIn * DAY,
          seat.assignedTo ?? '',
          id,
          period,
          seat.lapsing ? 1 : 0,
          now - 30 * DAY,
        ),
      )
      db.prepare(
        `insert into payments (id, subscription_id, order_id, date, currency, amount, receipt_url)
         values (?, ?, ?, ?, 'USD', ?, ?)`,
      ).run(`pay_e2es${suffix}`, id, orderId, now - 30 * DAY, unit * quantity, `/sandbox/receipts/pay_e2es${suffix}`)
    })()
    return { id, licenseIds }
  } finally {
    db.close()
  }
}

/** The store's view of a subscription and its licenses, to check what an action did. */
export function storedSubscription(id: string) {
  const db = openStore()
  try {
    const subscription = db.prepare('select * from subscriptions where id = ?').get(id) as Record<string, unknown>
    const licenses = db
      .prepare('select * from licenses where subscription_id = ? order by key_number')
      .all(id) as Array<Record<string, unknown>>
    return { subscription, licenses }
  } finally {
    db.close()
  }
}

/** The store's row of one license (found by id, in a subscription or not). */
export function storedLicense(id: string) {
  const db = openStore()
  try {
    return db.prepare('select * from licenses where id = ?').get(id) as Record<string, unknown> | undefined
  } finally {
    db.close()
  }
}

/** A subscription's row on /manage. */
export function subscriptionRow(within: Page | Locator, id: string): Locator {
  return within.getByRole('listitem').filter({ hasText: `Subscription ${id}` })
}

/**
 * A /manage dialog by its title: with script a modal dialog, without script the server-rendered section (a region
 * named by its heading).
 */
export function dialog(page: Page, js: boolean, title: string, role: 'dialog' | 'alertdialog' = 'dialog'): Locator {
  return js
    ? page.getByRole(role, { name: title, exact: true })
    : page.getByRole('region', { name: title, exact: true })
}

/** Waits until the page shows the dialog closed again (back on /manage, at the card a change returns to). */
export async function expectClosed(page: Page, js: boolean, title: string, role: 'dialog' | 'alertdialog' = 'dialog') {
  await expect(dialog(page, js, title, role)).toHaveCount(0)
  await expect(page).toHaveURL(/\/manage(\?inactive=show)?(#subscription-[\w.-]+)?$/)
}

/**
 * Restarts a paused subscription whose paid term has ended through its row's Restart dialog (which says the term has
 * ended and that the charge is immediate), and waits until the row reads active and renewing.
 */
export async function restartFromRow(page: Page, js: boolean, id: string): Promise<void> {
  const row = subscriptionRow(page, id)
  await expect(row.getByRole('link', { name: new RegExp(`^Resume .*\\(subscription ${id}\\)$`) })).toHaveCount(0)
  await row.getByRole('link', { name: new RegExp(`^Restart .*\\(subscription ${id}\\)$`) }).click()
  const restart = dialog(page, js, 'Restart Subscription')
  await expect(restart).toContainText(/\$[\d,.]+ is charged now to the .+, tax included/)
  await expect(restart).toContainText('The paid term ended on')
  await expect(restart).toContainText('immediately')
  await expectNoAxeViolations(page, 'Restart Subscription dialog')
  await restart.getByRole('button', { name: 'Restart and Pay Now' }).click()
  await expectClosed(page, js, 'Restart Subscription')
  await expect(row.getByText('Active, auto-renew on')).toBeVisible()
}
