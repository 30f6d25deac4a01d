// Helpers of the account, identity and activation browser tests (account-*, activation-*, social-* specs): the
// service's store and outbox as the tests see them, and the editor command-line tool.
import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import type { Page } from '@playwright/test'
import { dataDir, escapeRegExp, expect, test } from './fixtures'

const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)

/** The server's licensing store (SQLite in the run's data folder), for reading keys and checking outcomes. */
export function openStore(): Database.Database {
  const db = new Database(path.join(dataDir(), 'licensing.db'))
  db.pragma('busy_timeout = 5000')
  return db
}

/** A name no earlier run of this test (in the other project, or on a retry) has used. */
export function uniqueName(prefix: string, js: boolean): string {
  return `${prefix}-${js ? 'js' : 'nojs'}-${Date.now().toString(36)}${crypto.randomBytes(2).toString('hex')}`
}

/**
 * A personal license holder of its own, so that a test that moves an account to another address changes nobody
 * else's data: an account, an order and one personal Wallaby.js license expiring in a year.
 */
export function createPersonalHolder(email: string): { licenseKey: string } {
  const db = openStore()
  try {
    const now = Date.now()
    const orderId = `9${crypto.randomInt(10_000_000, 99_999_999)}`
    const licenseKey = `E2E-${crypto.randomBytes(12).toString('hex').toUpperCase()}`
    db.transaction(() => {
      db.prepare(
        'insert into accounts (email, admin, logon_link, github_id, google_id, created_at) values (?, 0, ?, null, null, ?)',
      ).run(email, 'default', now)
      db.prepare(
        `insert into orders (id, owner, company_id, customer_name, customer_email, referrer, currency, amount,
           provider_checkout_id, receipt_url, created_at) values (?, ?, null, ?, ?, null, 'USD', 0, null, null, ?)`,
      ).run(orderId, email, 'E2E Holder', email, now)
      db.prepare(
        `insert into licenses (id, owner, company_id, order_id, license_key, key_number, product_name, product_group,
           license_type, expiration, assigned_to, is_multi_user, trial, promotional, subscription_id, billing_period,
           lapsing, created_at)
         values (?, ?, null, ?, ?, 1, 'Wallaby.js personal license', 'wallaby', 'personal', ?, '', 0, 0, 0, null, null, 0, ?)`,
      ).run(`lic-e2e-${crypto.randomBytes(6).toString('hex')}`, email, orderId, licenseKey, now + 365 * 86_400_000, now)
    })()
    return { licenseKey }
  } finally {
    db.close()
  }
}

/** The license key of pat@personal.test's current license of a product (the newest-expiring one). */
export function patLicenseKey(productName: string): string {
  const db = openStore()
  try {
    const row = db
      .prepare(
        `select license_key from licenses where owner = 'pat@personal.test' and product_name = ? and expiration > ?
         order by expiration desc limit 1`,
      )
      .get(productName, Date.now()) as { license_key: string } | undefined
    if (!row) throw new Error(`pat@personal.test has no current "${productName}" license in the store`)
    return row.license_key
  } finally {
    db.close()
  }
}

/** The host names a license is active on now. */
export function activeHosts(licenseKey: string): string[] {
  const db = openStore()
  try {
    const rows = db
      .prepare(
        `select a.hostname from activations a join licenses l on l.id = a.license_id
         where l.license_key = ? and a.status = 'active' order by a.hostname`,
      )
      .all(licenseKey) as Array<{ hostname: string }>
    return rows.map((r) => r.hostname)
  } finally {
    db.close()
  }
}

/**
 * The first link of the newest mail to `email` whose subject matches, from the development outbox. Leaves the page on
 * the outbox.
 */
export async function outboxLink(page: Page, email: string, subject: RegExp | string): Promise<string> {
  return test.step(
    `find the newest mail to ${email} about ${String(subject)}`,
    async () => {
      await page.goto('/dev/outbox')
      const subjectPattern = typeof subject === 'string' ? escapeRegExp(subject) : subject.source
      const mail = page
        .getByRole('article', { name: new RegExp(`^Mail to ${escapeRegExp(email)}: ${subjectPattern}`) })
        .first()
      await expect(mail, `a mail to ${email} in /dev/outbox`).toBeVisible()
      const href = await mail.getByRole('link').first().getAttribute('href')
      if (!href) throw new Error(`the newest mail to ${email} has no link`)
      return new URL(href, page.url()).toString()
    },
    { box: true },
  )
}

/**
 * Runs the project's editor stand-in (`scripts/editor.ts`) against the server under test: its exit status (0 done,
 * 1 refused or not valid) and its one line of output.
 */
export async function editor(args: string[], baseURL: string): Promise<{ code: number; output: string }> {
  return test.step(`editor ${args.join(' ')}`, async () => {
    try {
      const { stdout, stderr } = await run('npx', ['tsx', 'scripts/editor.ts', ...args, '--url', baseURL], {
        cwd: root,
        timeout: 30_000,
      })
      return { code: 0, output: `${stdout}${stderr}`.trim() }
    } catch (err) {
      const failed = err as { code?: unknown; stdout?: string; stderr?: string }
      if (typeof failed.code !== 'number') throw err
      return { code: failed.code, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`.trim() }
    }
  })
}

/**
 * Opens the user menu and follows one of its items (Change Email Address, Account Settings). The menu is a <details>
 * disclosure, so this works with script off too.
 */
export async function openUserMenuItem(page: Page, email: string, item: string): Promise<void> {
  await page
    .locator('summary')
    .filter({ hasText: `Account menu for ${email}` })
    .click()
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: item }).click()
}

/** The dialog with this name: a modal dialog with script, a page section (region) without. */
export function dialog(page: Page, js: boolean, name: string | RegExp) {
  return js ? page.getByRole('dialog', { name }) : page.getByRole('region', { name })
}
