// Helpers of the company browser tests (company-*.spec.ts): the dialogs as script on and off show them, keyboard
// travel, unique addresses, and rows of the server's store that a test reads or adds.
import crypto from 'node:crypto'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { Locator, Page } from '@playwright/test'
import { dataDir, expect, signIn } from './fixtures'

/**
 * A /manage dialog by its title: with script a modal dialog, without script the server-rendered section (a region
 * named by its heading).
 */
export function dialog(page: Page, js: boolean, title: string, role: 'dialog' | 'alertdialog' = 'dialog'): Locator {
  return js
    ? page.getByRole(role, { name: title, exact: true })
    : page.getByRole('region', { name: title, exact: true })
}

/**
 * Signs in to /manage and, with script, waits until React has taken the page over (the Copy buttons render only
 * then): a click in the moment hydration runs can be lost.
 */
export async function signInToManage(page: Page, js: boolean, email: string): Promise<void> {
  await signIn(page, email)
  await untilHydrated(page, js)
}

/** With script, waits until React has taken /manage over (its Copy buttons render only then); without, returns. */
export async function untilHydrated(page: Page, js: boolean): Promise<void> {
  if (js) await expect(page.getByRole('button', { name: /^Copy license key/ }).first()).toBeVisible({ timeout: 15_000 })
}

/** An address no earlier run of the test (in the other project) has used. */
export function uniqueEmail(prefix: string, js: boolean, domain = 'acme.test'): string {
  return `${prefix}-${js ? 'js' : 'nojs'}-${Date.now().toString(36)}${crypto.randomBytes(2).toString('hex')}@${domain}`
}

/** Presses Tab until `target` has the focus (keyboard alone), failing after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 400): Promise<void> {
  await expect(target).toBeVisible()
  // Resolved once: a role query per key press is slow on a page with a few hundred controls.
  const element = await target.elementHandle()
  if (!element) throw new Error('the target is not in the page')
  for (let i = 0; i < max; i++) {
    if (await element.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target, `reached by Tab within ${max} presses`).toBeFocused()
}

function openStore(): Database.Database {
  const db = new Database(path.join(dataDir(), 'licensing.db'))
  db.pragma('busy_timeout = 5000')
  return db
}

/**
 * Turns a company's auto-join off again and empties its queue of newcomers, so that later tests' sign-ins take no free
 * seat and a seat a test frees is not handed to someone waiting.
 */
export function clearAutoJoin(company: string): void {
  const db = openStore()
  try {
    db.prepare('delete from domain_auto_join where company_id = ?').run(company)
    db.prepare(
      `delete from directory_claims where company_id = ? and source = 'domain' and not exists (select 1 from directory_seats s
         where s.company_id = directory_claims.company_id and s.product_group = directory_claims.product_group
           and s.email = directory_claims.email)`,
    ).run(company)
  } finally {
    db.close()
  }
}

export type LicenseRef = { id: string; order: string; key: number; product: string }

/**
 * The latest-expiring assignable license (neither enterprise nor multi-user) of a company's product group outside
 * subscriptions that matches `where` (SQL).
 */
export function companyLicense(company: string, group: string, where = '1 = 1'): LicenseRef {
  const db = openStore()
  try {
    const row = db
      .prepare(
        `select id, order_id as "order", key_number as key, product_name as product from licenses
         where owner = ? and product_group = ? and subscription_id is null and is_multi_user = 0
           and lower(product_name) not like '%enterprise%' and ${where}
         order by expiration desc, order_id, key_number desc limit 1`,
      )
      .get(company, group) as LicenseRef | undefined
    if (!row) throw new Error(`no ${group} license of ${company} where ${where}`)
    return row
  } finally {
    db.close()
  }
}

/** What an account holds in its own name that a test can remove or merge without touching the demo data. */
export type OwnHoldings = { license: LicenseRef; kept: LicenseRef; subscriptionId: string }

/**
 * Gives `email` two personal Quokka.js licenses (one to remove, one to keep) and a personal annual Wallaby.js
 * subscription with its license, each in an order of its own, so that an administrator test removes and merges rows
 * made for it.
 */
export function giveOwnHoldings(email: string): OwnHoldings {
  const db = openStore()
  try {
    const now = Date.now()
    const year = 365 * 86_400_000
    const suffix = crypto.randomBytes(6).toString('hex')
    const licenseOrder = `8${crypto.randomInt(10_000_000, 99_999_999)}`
    const keptOrder = `6${crypto.randomInt(10_000_000, 99_999_999)}`
    const subscriptionOrder = `7${crypto.randomInt(10_000_000, 99_999_999)}`
    const subscriptionId = `sub_e2e${suffix}`
    const licenseId = `lic_e2e${suffix}`
    const insertOrder = db.prepare(
      `insert into orders (id, owner, company_id, customer_name, customer_email, referrer, currency, amount,
         provider_checkout_id, receipt_url, created_at) values (?, ?, null, 'E2E Admin', ?, null, 'USD', 58, null, null, ?)`,
    )
    const insertLicense = db.prepare(
      `insert into licenses (id, owner, company_id, order_id, license_key, key_number, product_name, product_group,
         license_type, expiration, assigned_to, is_multi_user, trial, promotional, subscription_id, billing_period,
         lapsing, created_at)
       values (?, ?, null, ?, ?, 1, ?, ?, 'personal', ?, '', 0, 0, 0, ?, ?, 0, ?)`,
    )
    db.transaction(() => {
      insertOrder.run(licenseOrder, email, email, now)
      insertOrder.run(subscriptionOrder, email, email, now)
      insertOrder.run(keptOrder, email, email, now)
      insertLicense.run(
        licenseId,
        email,
        licenseOrder,
        `QK-E2E-${suffix.toUpperCase()}`,
        'Quokka.js PRO personal license',
        'quokka',
        now + year,
        null,
        null,
        now,
      )
      insertLicense.run(
        `${licenseId}k`,
        email,
        keptOrder,
        `QK-E2EK-${suffix.toUpperCase()}`,
        'Quokka.js PRO personal license',
        'quokka',
        now + year,
        null,
        null,
        now,
      )
      db.prepare(
        `insert into subscriptions (id, owner, company_id, state, product_name, product_group, plan_id, billing_period,
           quantity, next_payment_date, next_payment_amount, currency, unit_price, payment_method, card_type, last_four,
           card_expiry, update_url, special_offer, pending_change, provider_subscription_id, order_id, created_at, updated_at)
         values (?, ?, null, 'active', 'Wallaby.js personal license', 'wallaby', 'wallaby-personal-year', 'year', 1, ?, 58,
           'USD', 58, 'card', 'visa', '4242', '09/2030', null, null, null, null, ?, ?, ?)`,
      ).run(subscriptionId, email, now + year, subscriptionOrder, now, now)
      insertLicense.run(
        `lic_e2es${suffix}`,
        email,
        subscriptionOrder,
        `WB-E2E-${suffix.toUpperCase()}`,
        'Wallaby.js personal license',
        'wallaby',
        now + year,
        subscriptionId,
        'year',
        now,
      )
    })()
    return {
      license: { id: licenseId, order: licenseOrder, key: 1, product: 'Quokka.js PRO personal license' },
      kept: { id: `${licenseId}k`, order: keptOrder, key: 1, product: 'Quokka.js PRO personal license' },
      subscriptionId,
    }
  } finally {
    db.close()
  }
}

/** The company an account administers under a name, if any. */
export function companyNamed(name: string): { id: string } | undefined {
  const db = openStore()
  try {
    return db.prepare('select id from companies where name = ?').get(name) as { id: string } | undefined
  } finally {
    db.close()
  }
}

/**
 * A company of its own with one Company Administrator (`email`) and three unassigned Quokka.js licenses: the case in
 * which Bulk Assign opens by itself (spec §2). Returns the company's name.
 */
export function createSoloCompany(email: string): string {
  const db = openStore()
  try {
    const now = Date.now()
    const suffix = crypto.randomBytes(6).toString('hex')
    const companyId = `co_e2e${suffix}`
    const name = `Solo ${suffix}`
    const orderId = `5${crypto.randomInt(10_000_000, 99_999_999)}`
    db.transaction(() => {
      db.prepare('insert into companies (id, name, created_at) values (?, ?, ?)').run(companyId, name, now)
      db.prepare(
        'insert into company_permissions (company_id, email, permissions, created_at) values (?, ?, ?, ?)',
      ).run(companyId, email, 'ADMIN', now)
      db.prepare(
        `insert into orders (id, owner, company_id, customer_name, customer_email, referrer, currency, amount,
           provider_checkout_id, receipt_url, created_at) values (?, ?, ?, ?, ?, null, 'USD', 348, null, null, ?)`,
      ).run(orderId, companyId, companyId, name, email, now)
      for (let key = 1; key <= 3; key++) {
        db.prepare(
          `insert into licenses (id, owner, company_id, order_id, license_key, key_number, product_name, product_group,
             license_type, expiration, assigned_to, is_multi_user, trial, promotional, subscription_id, billing_period,
             lapsing, created_at)
           values (?, ?, ?, ?, ?, ?, 'Quokka.js PRO company license', 'quokka', 'company', ?, '', 0, 0, 0, null, null, 0, ?)`,
        ).run(
          `lic_e2e${suffix}${key}`,
          companyId,
          companyId,
          orderId,
          `QK-SOLO-${suffix.toUpperCase()}-${key}`,
          key,
          now + 365 * 86_400_000,
          now,
        )
      }
    })()
    return name
  } finally {
    db.close()
  }
}

/**
 * A free Wallaby.js company license of `company` in an order of its own, made for one test (so that no other test
 * assigns it at the same time).
 */
export function newCompanyLicense(company: string): LicenseRef {
  const db = openStore()
  try {
    const now = Date.now()
    const suffix = crypto.randomBytes(6).toString('hex')
    const order = `9${crypto.randomInt(10_000_000, 99_999_999)}`
    const product = 'Wallaby.js company license'
    db.transaction(() => {
      db.prepare(
        `insert into orders (id, owner, company_id, customer_name, customer_email, referrer, currency, amount,
           provider_checkout_id, receipt_url, created_at) values (?, ?, ?, 'E2E', 'e2e@acme.test', null, 'USD', 116,
           null, null, ?)`,
      ).run(order, company, company, now)
      db.prepare(
        `insert into licenses (id, owner, company_id, order_id, license_key, key_number, product_name, product_group,
           license_type, expiration, assigned_to, is_multi_user, trial, promotional, subscription_id, billing_period,
           lapsing, created_at)
         values (?, ?, ?, ?, ?, 1, ?, 'wallaby', 'company', ?, '', 0, 0, 0, null, null, 0, ?)`,
      ).run(`lic_e2e${suffix}`, company, company, order, `WB-E2E-${suffix}`, product, now + 365 * 86_400_000, now)
    })()
    return { id: `lic_e2e${suffix}`, order, key: 1, product }
  } finally {
    db.close()
  }
}

/** Someone else (another administrator, another tab) gives the license to `email` behind the page's back. */
export function assignBehindTheBack(licenseId: string, email: string): void {
  const db = openStore()
  try {
    db.prepare('update licenses set assigned_to = ? where id = ?').run(email, licenseId)
  } finally {
    db.close()
  }
}
