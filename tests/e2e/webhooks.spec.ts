import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { webhookChanges } from '../../app/rules/changes'
import { openDatabase } from '../../service/db/database'
import { inTransaction } from '../../service/db/transaction'
import { deliverDue } from '../../service/webhooks/deliver'
import { emit } from '../../service/webhooks/emit'
import { dialog, signInToManage } from './company-helpers'
import { dataDir, expect, expectNoAxeViolations, test } from './fixtures'

/** The sentence a change ends with, in the status region of the dialog it returns to. */
const sentence = (page: Page, where: Locator) =>
  where.getByRole('status').filter({ has: page.locator('.status-message__panel') })

type Received = { headers: Record<string, string>; body: string }

/** A receiver on loopback (the server under test allows it: WEBHOOKS_ALLOW_LOOPBACK in scripts/e2e-server.mjs). */
async function startReceiver() {
  const received: Received[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body })
      res.statusCode = 204
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** An event of Globex and its delivery, as the service's change and its jobs would make them, on the server's store. */
async function emitAndDeliver(url: string) {
  const db = openDatabase(path.join(dataDir(), 'licensing.db'))
  try {
    const at = Date.now()
    await inTransaction(db, (trx) =>
      emit(trx, 'globex', [{ type: 'seat.assigned', data: { holder: 'hooked@globex.test' } }], at),
    )
    await deliverDue(
      { db, mailer: { send: async () => {} } as never, policy: () => ({ allowLoopback: true }), publicUrl: () => url },
      Date.now(),
    )
  } finally {
    await db.destroy()
  }
}

test.describe('webhooks', () => {
  test('carl adds an endpoint, keeps its secret, sees a signed delivery, sends it again, pauses, resumes and removes it', async ({
    page,
    js,
  }) => {
    // Two refusals, an endpoint, a delivery, four changes and five axe scans: without script each is a page load.
    test.slow()
    const receiver = await startReceiver()
    try {
      const url = `http://127.0.0.1:${receiver.port}/hooks/${js ? 'js' : 'nojs'}`
      await signInToManage(page, js, 'carl@globex.test')
      await page.getByRole('link', { name: 'Webhooks for Globex' }).click()
      const webhooks = dialog(page, js, 'Webhooks')
      await expect(webhooks.getByRole('heading', { name: 'Add endpoint' })).toBeVisible()
      await expectNoAxeViolations(page, 'Webhooks dialog')

      const field = webhooks.getByRole('textbox', { name: 'Endpoint URL' })
      await webhooks.getByRole('button', { name: 'Add endpoint' }).click()
      await expect(webhooks.getByText('Endpoint URL must be provided.')).toBeVisible()
      await expect(webhooks.getByText('Choose at least one event.')).toBeVisible()
      // Refused by the service: what was typed and chosen stays.
      await field.fill('http://intranet.example.com/hooks')
      await webhooks.getByRole('checkbox', { name: /^seat\.assigned/ }).check()
      await webhooks.getByRole('button', { name: 'Add endpoint' }).click()
      await expect(webhooks.getByText('This endpoint cannot be used: it must start with https://.')).toBeVisible()
      await expect(field).toHaveAttribute('aria-invalid', 'true')
      await expect(field).toHaveValue('http://intranet.example.com/hooks')
      await expect(webhooks.getByRole('checkbox', { name: /^seat\.assigned/ })).toBeChecked()
      await expectNoAxeViolations(page, 'Webhooks dialog with a refused address')

      await field.fill(url)
      await webhooks.getByRole('button', { name: 'Add endpoint' }).click()
      const added = dialog(page, js, 'Endpoint added')
      await expect(added.getByRole('status').filter({ hasText: 'it is shown only this once' })).toBeVisible()
      const secret = await added.getByRole('textbox', { name: 'Signing secret' }).inputValue()
      expect(secret).toMatch(/^whsec_/)
      await expectNoAxeViolations(page, 'Endpoint added')
      await added.getByRole('link', { name: 'Done' }).click()

      const endpoint = webhooks.getByRole('region', { name: url })
      await expect(endpoint.getByText('Nothing sent yet.')).toBeVisible()
      await emitAndDeliver(url)
      expect(receiver.received).toHaveLength(1)
      const event = new Webhook(secret).verify(receiver.received[0].body, receiver.received[0].headers)
      expect(event).toMatchObject({
        type: 'seat.assigned',
        data: { companyId: 'globex', holder: 'hooked@globex.test' },
      })

      await page.reload()
      await expect(endpoint.getByRole('row', { name: /seat\.assigned .* Delivered \(204\)/ })).toBeVisible()
      await expectNoAxeViolations(page, 'Webhooks dialog with a delivery')
      await endpoint.getByRole('button', { name: /^Send seat\.assigned of .* again$/ }).click()
      await expect(sentence(page, webhooks)).toContainText(webhookChanges.resent(url))
      await expect(endpoint.getByRole('row', { name: /Waiting to be sent/ })).toBeVisible()

      await endpoint.getByRole('button', { name: `Pause ${url}` }).click()
      await expect(sentence(page, webhooks)).toContainText(webhookChanges.paused(url))
      await expect(endpoint.getByText('Paused. Paused by carl@globex.test.')).toBeVisible()
      await expectNoAxeViolations(page, 'Webhooks dialog with a paused endpoint')
      await endpoint.getByRole('button', { name: `Resume ${url}` }).click()
      await expect(sentence(page, webhooks)).toContainText(webhookChanges.resumed(url))

      await endpoint.getByRole('button', { name: `Remove ${url}` }).click()
      await expect(sentence(page, webhooks)).toContainText(webhookChanges.removed(url))
      await expect(webhooks.getByRole('region', { name: url })).toHaveCount(0)
    } finally {
      await receiver.close()
    }
  })
})
