import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { reclaimChanges } from '../../app/rules/changes'
import { openDatabase } from '../../service/db/database'
import { idleSeat } from '../../service/usage/idle'
import { runReclaims } from '../../service/reclaim/reclaim'
import { dialog, signInToManage } from './company-helpers'
import { dataDir, expect, expectNoAxeViolations, test } from './fixtures'

const ADMIN = 'olivia@acme.test'
const TABLE = 'Acme Corp licenses'

/** The sentence a change ends with, in the status region of the dialog it returns to. */
const sentence = (page: Page, where: Locator) =>
  where.getByRole('status').filter({ has: page.locator('.status-message__panel') })

const withStore = async <T>(work: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> => {
  const db = openDatabase(path.join(dataDir(), 'licensing.db'))
  try {
    return await work(db)
  } finally {
    await db.destroy()
  }
}

/** Acme's seats outside subscriptions idle for `days` days, as the service's filter finds them in the store. */
const idleCount = (days: number) =>
  withStore(async (db) => {
    const rows = await db
      .selectFrom('licenses')
      .select('id')
      .where('owner', '=', 'acme')
      .where('subscription_id', 'is', null)
      .where(idleSeat(Date.now(), days))
      .execute()
    return rows.length
  })

/**
 * A reclaim made by the job, on the server's store: the policy on, a run that warns Acme's idle seats, one warning's
 * week made to have passed, a run that reclaims that seat; then the policy off again, so that the other tests find it
 * as they left it. Answers the seat's holder.
 */
const reclaimOneSeat = () =>
  withStore(async (db) => {
    const now = Date.now()
    const deps = { db, mailer: { send: async () => {} }, config: { publicUrl: 'http://localhost' } } as never
    await db
      .insertInto('reclaim_policies')
      .values({ company_id: 'acme', idle_days: 30, changed_by: ADMIN, changed_at: now })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ idle_days: 30 }))
      .execute()
    try {
      await runReclaims(deps, now)
      const warning = await db
        .selectFrom('reclaim_warnings')
        .selectAll()
        .where('company_id', '=', 'acme')
        .orderBy('license_id')
        .executeTakeFirstOrThrow()
      await db
        .updateTable('reclaim_warnings')
        .set({ reclaim_at: now })
        .where('license_id', '=', warning.license_id)
        .execute()
      expect(await runReclaims(deps, now + 1000)).toMatchObject({ reclaimed: 1 })
      return warning.holder
    } finally {
      await db.deleteFrom('reclaim_policies').where('company_id', '=', 'acme').execute()
      await db.deleteFrom('reclaim_warnings').where('company_id', '=', 'acme').execute()
    }
  })

test.describe('idle seats', () => {
  test('olivia filters Acme’s table to the seats idle for 90 days', async ({ page, js }) => {
    await signInToManage(page, js, ADMIN)
    const search = page.getByRole('search', { name: `Search ${TABLE}` })
    const idle = await idleCount(90)
    expect(idle).toBeGreaterThan(0)
    await search.getByLabel('Show', { exact: true }).selectOption('idle-90')
    if (!js) await search.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/filter-acme=idle-90/)
    await expect(search.locator('xpath=following-sibling::p[@role="status"][1]')).toHaveText(
      `Showing 1–${idle} of ${idle} matching`,
    )
    await expectNoAxeViolations(page, 'Acme table filtered to idle seats')
  })

  test('“Show the seats idle for 30 days” lands on the filtered table, not at the page’s top', async ({ page, js }) => {
    await signInToManage(page, js, ADMIN)
    await page.getByRole('link', { name: 'Reclaim idle seats for Acme Corp' }).click()
    const reclaim = dialog(page, js, 'Reclaim idle seats')
    await reclaim.getByRole('link', { name: 'Show the seats idle for 30 days in the license table' }).click()
    await expect(page).toHaveURL(/filter-acme=idle-30#licenses-acme$/)
    const table = page.getByRole('group', { name: TABLE })
    // With script the table takes the focus; without, the browser goes to the fragment.
    if (js) await expect(table).toBeFocused()
    else await expect(page.locator(':target')).toHaveAttribute('id', 'licenses-acme')
    await expect(table).toBeInViewport()
    await expect(table.getByLabel('Show', { exact: true })).toHaveValue('idle-30')
    await expectNoAxeViolations(page, 'Acme table reached from the reclaim dialog')
  })

  test('olivia turns the reclaim policy on, then off again', async ({ page, js }) => {
    // Two changes and two axe scans: without script each is a page load.
    test.slow()
    await signInToManage(page, js, ADMIN)
    await page.getByRole('link', { name: 'Reclaim idle seats for Acme Corp' }).click()
    const reclaim = dialog(page, js, 'Reclaim idle seats')
    await expect(reclaim.getByText('Idle seats are not reclaimed.')).toBeVisible()
    await expect(reclaim.getByRole('radio', { name: 'Off: never reclaim idle seats' })).toBeChecked()
    if (js) await expect(reclaim.locator(':focus')).toHaveCount(1)
    await expectNoAxeViolations(page, 'Reclaim idle seats dialog')

    await reclaim.getByRole('radio', { name: 'Reclaim seats idle for 60 days' }).check()
    await reclaim.getByRole('button', { name: 'Save policy' }).click()
    await expect(sentence(page, reclaim)).toContainText(reclaimChanges.policy('Acme Corp', 60))
    await expect(reclaim.getByRole('radio', { name: 'Reclaim seats idle for 60 days' })).toBeChecked()
    await expectNoAxeViolations(page, 'Reclaim idle seats dialog, policy on')

    await reclaim.getByRole('radio', { name: 'Off: never reclaim idle seats' }).check()
    await reclaim.getByRole('button', { name: 'Save policy' }).click()
    await expect(sentence(page, reclaim)).toContainText(reclaimChanges.policy('Acme Corp', null))
    await expect(reclaim.getByText('Idle seats are not reclaimed.')).toBeVisible()
  })

  test('olivia undoes a reclaim the job made', async ({ page, js }) => {
    test.slow()
    const holder = await reclaimOneSeat()
    await signInToManage(page, js, ADMIN)
    await page.getByRole('link', { name: 'Reclaim idle seats for Acme Corp' }).click()
    const reclaim = dialog(page, js, 'Reclaim idle seats')
    const row = reclaim
      .getByRole('row')
      .filter({ hasText: holder })
      .filter({ has: page.getByRole('button') })
    await expect(row).toHaveCount(1)
    await expectNoAxeViolations(page, 'Reclaim idle seats dialog with a reclaim')
    await row.getByRole('button', { name: new RegExp(`^Undo: give .* back to ${holder}$`) }).click()
    await expect(sentence(page, reclaim)).toContainText(`back to ${holder}, who was mailed the license again.`)
    await expect(reclaim.getByRole('row').filter({ hasText: holder }).first()).toContainText('Undone')
    await expectNoAxeViolations(page, 'Reclaim idle seats dialog after an undo')
  })
})
