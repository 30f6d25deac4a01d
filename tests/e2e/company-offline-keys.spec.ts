import crypto from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Download, Page } from '@playwright/test'
import { openDatabase } from '../../service/db/database'
import { seedBenchCompany } from '../../demo/seed'
import { companyLicense, dialog, tabTo } from './company-helpers'
import { dataDir, expect, expectNoAxeViolations, signIn, test } from './fixtures'

/** Checks an offline key as an editor does: Ed25519 over the facts (after the key id), with the published public key. */
function verify(offlineKey: string, publicKeyPem: string): Record<string, unknown> {
  const [, facts, signature] = offlineKey.trim().split('.')
  const signed = Buffer.from(facts, 'base64url')
  const valid = crypto.verify(null, signed, crypto.createPublicKey(publicKeyPem), Buffer.from(signature, 'base64url'))
  expect(valid, 'the offline key’s signature holds').toBe(true)
  return JSON.parse(signed.toString('utf8')) as Record<string, unknown>
}

async function publicKey(page: Page): Promise<string> {
  const response = await page.request.get('/offline-public-key.pem')
  expect(response.status()).toBe(200)
  return response.text()
}

async function downloaded(download: Download): Promise<string> {
  return readFileSync(await download.path(), 'utf8')
}

test.describe('offline keys', () => {
  test('one license’s offline key: shown, downloaded, and verifiable with the public key', async ({ page, js }) => {
    const license = companyLicense('acme', 'wallaby', "expiration > strftime('%s','now') * 1000")
    await signIn(page, 'olivia@acme.test')
    const keyDialog = dialog(page, js, 'Offline Key')
    // As with the Assign link: a click far down the table has been seen to open nothing (script on, in a long run, no
    // request made); the link is clicked again, as a user would, if the dialog has not opened after 3 s.
    await expect(async () => {
      await page
        .getByRole('table', { name: 'Acme Corp licenses' })
        .getByRole('link', { name: new RegExp(`^Offline Key .*, order ${license.order}, key ${license.key}$`) })
        .click()
      await expect(keyDialog).toBeVisible({ timeout: 3_000 })
    }).toPass({ timeout: 15_000 })
    await expect(keyDialog).toContainText(`order ${license.order}, key ${license.key}`)
    await expectNoAxeViolations(page, 'Offline Key dialog')

    const shown = await keyDialog.getByRole('textbox', { name: 'Offline key' }).inputValue()
    const facts = verify(shown, await publicKey(page))
    expect(facts).toMatchObject({
      id: license.id,
      owner: 'acme',
      order: license.order,
      key: license.key,
      product: license.product,
    })

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      keyDialog.getByRole('link', { name: 'Download key' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`offline-key-${license.order}-${license.key}.txt`)
    expect((await downloaded(download)).trim()).toBe(shown)

    await keyDialog.getByRole('link', { name: 'Close' }).click()
    await expect(keyDialog).toHaveCount(0)
  })

  test('the company’s Offline Keys: grouped by order, sorted by order then key, downloadable', async ({ page, js }) => {
    await signIn(page, 'olivia@acme.test')
    const link = page.getByRole('link', { name: 'Offline Keys for Acme Corp' })
    await tabTo(page, link)
    await page.keyboard.press('Enter')
    const keys = dialog(page, js, 'Offline Keys')
    await expect(keys).toBeVisible()
    await expectNoAxeViolations(page, 'Offline Keys dialog')

    const orders = (await keys.getByRole('heading', { level: 3 }).allInnerTexts()).map((h) => h.replace(/^Order /, ''))
    expect(orders.length).toBeGreaterThanOrEqual(5)
    const byValue = [...orders].sort((a, b) => Number(a) - Number(b))
    expect(orders).toEqual(byValue)

    const all = keys.getByRole('link', { name: 'Download all keys' })
    await expect(all).toHaveAttribute('href', '/manage/offline-keys.txt?company=acme')
    const [download] = await Promise.all([page.waitForEvent('download'), all.click()])
    expect(download.suggestedFilename()).toBe('offline-keys-acme-corp.txt')
    const text = await downloaded(download)
    const pem = await publicKey(page)
    // "Order N" lines, then "key: offline key" lines (parts separated by ": "), keys ascending within each order.
    let order = ''
    let lastKey = 0
    let count = 0
    for (const line of text.split('\n').slice(1)) {
      if (line === '') continue
      const heading = line.match(/^Order (\d+)$/)
      if (heading) {
        order = heading[1]
        lastKey = 0
        continue
      }
      const [key, offlineKey] = line.split(': ')
      expect(Number(key)).toBeGreaterThan(lastKey)
      lastKey = Number(key)
      expect(verify(offlineKey, pem)).toMatchObject({ owner: 'acme', order, key: Number(key) })
      count++
    }
    expect(count).toBeGreaterThanOrEqual(20)
    expect(orders).toEqual([...text.matchAll(/^Order (\d+)$/gm)].map((m) => m[1]))

    if (js) {
      await page.keyboard.press('Escape')
    } else {
      await tabTo(page, keys.getByRole('link', { name: 'Close' }))
      await page.keyboard.press('Enter')
    }
    await expect(keys).toHaveCount(0)
  })

  test('a large company’s keys: listed a hundred at a time, every one in the streamed file', async ({ page, js }) => {
    test.setTimeout(90_000)
    const db = openDatabase(path.join(dataDir(), 'licensing.db'))
    try {
      await seedBenchCompany(db, 1_200)
    } finally {
      await db.destroy()
    }
    await signIn(page, 'bench-1200@bench.test')
    await page.getByRole('link', { name: 'Offline Keys for Bench 1200' }).click()
    const keys = dialog(page, js, 'Offline Keys')
    const shown = keys.getByText(/^Keys 1–100 of [\d,]+$/)
    await expect(shown).toBeVisible()
    const total = Number((await shown.innerText()).replace(/^Keys 1–100 of /, '').replace(/,/g, ''))
    expect(total).toBeGreaterThan(1_000)
    await expectNoAxeViolations(page, 'Offline Keys dialog of a large company')

    const pages = keys.getByRole('navigation', { name: 'Pages of offline keys' })
    await pages.getByRole('link', { name: 'Next keys' }).click()
    await expect(keys.getByText(`Keys 101–200 of ${total.toLocaleString('en-US')}`)).toBeVisible()
    await expect(page).toHaveURL(/[?&]keys=2(&|$)/)
    await expect(pages.getByRole('link', { name: 'Previous keys' })).toBeVisible()

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      keys.getByRole('link', { name: 'Download all keys' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('offline-keys-bench-1200.txt')
    const lines = (await downloaded(download)).split('\n')
    expect(lines[0]).toBe('Offline keys of the company "Bench 1200"')
    expect(lines.filter((line) => /^\d+: /.test(line))).toHaveLength(total)
  })

  test('the public key is published for editors', async ({ request }) => {
    const response = await request.get('/offline-public-key.pem')
    expect(response.status()).toBe(200)
    const pem = await response.text()
    expect(crypto.createPublicKey(pem).asymmetricKeyType).toBe('ed25519')
  })
})
