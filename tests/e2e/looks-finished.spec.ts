// What a reviewer looks at: every control on /manage named by its visible label first (WCAG 2.5.3: a voice-control
// user says what they see), nothing wider than a phone's screen, and screenshots of /manage as a company
// administrator, the purchase page, a subscription card and the import plan in both themes at 1280 and 390 px, kept
// as the test's artifacts (files under test-results/, attached to the report) for a person to review.
import fs from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { createSoloCompany, dialog, signInToManage, uniqueEmail, untilHydrated } from './company-helpers'
import { expect, expectNoAxeViolations, signIn, switchTheme, test } from './fixtures'

const WIDTHS = [1280, 390] as const

/**
 * Every link and button (and disclosure) on the page whose accessible name does not begin with its visible label:
 * "text seen → name heard". Text marked aria-hidden is decoration (the avatar's initials), not a label.
 */
function mislabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()
    const shownText = (el: Element) => {
      const copy = el.cloneNode(true) as Element
      copy.querySelectorAll('.visually-hidden, [aria-hidden="true"]').forEach((hidden) => hidden.remove())
      return squash(copy.textContent)
    }
    const nameOf = (el: Element) => {
      const ids = el.getAttribute('aria-labelledby')
      if (ids)
        return squash(
          ids
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
        )
      const label = el.getAttribute('aria-label')
      if (label) return squash(label)
      const copy = el.cloneNode(true) as Element
      copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove())
      return squash(copy.textContent)
    }
    const found: string[] = []
    for (const el of document.querySelectorAll('a[href], button, summary, [role="button"], [role="link"]')) {
      const box = el.getBoundingClientRect()
      if (box.width === 0 && box.height === 0) continue
      const seen = shownText(el)
      const heard = nameOf(el)
      if (seen && !heard.toLowerCase().startsWith(seen.toLowerCase())) found.push(`"${seen}" is named "${heard}"`)
    }
    return found
  })
}

/** Is anything wider than the window (a page that scrolls sideways)? Answers the widest element's description. */
function sidewaysOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return null
    let widest: Element | null = null
    for (const el of document.body.querySelectorAll('*')) {
      if (el.getBoundingClientRect().right > width + 1 && (!widest || el.contains(widest) === false)) widest = el
    }
    return `page is ${document.documentElement.scrollWidth}px wide in ${width}px; e.g. <${widest?.tagName.toLowerCase()} class="${widest?.className}">`
  })
}

/** Does every text field's placeholder fit in the field? Answers the ones cut off. */
function cutOffPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!
    const cut: string[] = []
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (input.getBoundingClientRect().width === 0) continue
      const style = getComputedStyle(input)
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      if (context.measureText(input.placeholder).width > room) cut.push(input.placeholder)
    }
    return cut
  })
}

/**
 * A screenshot kept as the test's artifact, after checking the page does not scroll sideways and scanning it with
 * axe. The file goes to the test's output folder (under test-results/, never into the repository).
 */
async function keep(page: Page, name: string, target?: Locator) {
  expect(await sidewaysOverflow(page), `${name}: nothing wider than the window`).toBeNull()
  await expectNoAxeViolations(page, name)
  const path = test.info().outputPath(`${name}.png`)
  if (target) await target.screenshot({ path, animations: 'disabled' })
  else await page.screenshot({ path, fullPage: true })
  await test.info().attach(`${name}.png`, { path, contentType: 'image/png' })
}

test.describe('looks finished', () => {
  test('every link and button of /manage is named by its visible label first', async ({ page }) => {
    await signIn(page, 'olivia@acme.test')
    await expect(page.getByRole('heading', { level: 2, name: 'Acme Corp' })).toBeVisible()
    expect(await mislabelledControls(page)).toEqual([])
    // The voice-control case: saying "Import CSV" reaches the link.
    await expect(page.getByRole('link', { name: 'Import CSV for Acme Corp' })).toBeVisible()
    await expectNoAxeViolations(page, '/manage')
  })

  test('Bulk Assign’s product choice fits a phone’s screen', async ({ page, js }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    // With script, the click waits until the page has hydrated (a click in that moment can be lost).
    await signInToManage(page, js, 'olivia@acme.test')
    await page.getByRole('link', { name: 'Bulk Assign for Acme Corp' }).click()
    await expect(page.getByRole('combobox', { name: 'Product' })).toBeVisible()
    expect(await sidewaysOverflow(page)).toBeNull()
    await expectNoAxeViolations(page, 'Bulk Assign dialog at 390 px')
  })

  test('/manage on a phone: tables scroll inside themselves, the company’s actions are grouped @once', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, 'olivia@acme.test')
    const table = page.getByRole('table', { name: 'Acme Corp licenses' })
    await expect(table).toBeVisible()
    expect(await sidewaysOverflow(page)).toBeNull()
    // The keys and Actions are inside the table's own scrolling box, which fits the screen.
    const viewport = await table.evaluate((t) => t.closest('.rt-ScrollAreaViewport')!.getBoundingClientRect().right)
    expect(viewport).toBeLessThanOrEqual(390)
    const actions = page.getByRole('navigation', { name: 'Acme Corp actions' })
    const administration = actions.getByRole('group', { name: 'Administration' })
    await expect(administration.getByRole('link', { name: 'Activity for Acme Corp' })).toBeVisible()
    await expect(administration.getByRole('link', { name: 'Bulk Assign for Acme Corp' })).toHaveCount(0)
    await expect(actions.getByRole('link', { name: 'Bulk Assign for Acme Corp' })).toBeVisible()
    // Assign and Unassign are the same kind of control.
    const assign = table.getByRole('link', { name: /^Assign / }).first()
    const unassign = table.getByRole('button', { name: /^Unassign / }).first()
    expect(await assign.getAttribute('class')).toBe(await unassign.getAttribute('class'))
    // A row's actions sit on one line (the table scrolls), so a row is no taller than its key and Copy button.
    const middles = await table
      .locator('tbody tr')
      .first()
      .locator('td:last-child a, td:last-child button')
      .evaluateAll((controls) =>
        controls.map((control) => control.getBoundingClientRect()).map((box) => Math.round(box.top + box.height / 2)),
      )
    expect(middles.length).toBeGreaterThan(2)
    expect(new Set(middles).size, `the actions' middles: ${middles.join(', ')}`).toBe(1)
    await expectNoAxeViolations(page, '/manage at 390 px')
  })

  test('screenshots of /manage, the purchase page, a subscription card and the import plan', async ({ page, js }) => {
    // Four screens, two themes, two widths, each scanned by axe: script on (what the issue asks for) and off.
    test.setTimeout(300_000)
    const admin = uniqueEmail('looks-admin', js)
    const company = createSoloCompany(admin)
    const holder = uniqueEmail('looks-holder', js)

    for (const theme of ['dark', 'light'] as const) {
      await signIn(page, 'olivia@acme.test')
      if (theme === 'light') await switchTheme(page, 'light')
      await expect(page.locator('html')).toHaveClass(theme)
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto('/manage')
        await expect(page.getByRole('heading', { level: 2, name: 'Acme Corp' })).toBeVisible()
        expect(await cutOffPlaceholders(page), `${theme} ${width}: placeholders`).toEqual([])
        await keep(page, `manage-${theme}-${width}`)
        const card = page.getByRole('region', { name: 'Acme Corp subscriptions' }).getByRole('listitem').first()
        await card.scrollIntoViewIfNeeded()
        await keep(page, `subscription-card-${theme}-${width}`, card)

        await page.goto('/shop/wallaby/buy/')
        await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible()
        await keep(page, `purchase-${theme}-${width}`)
      }

      // The import plan, in a company of its own (nothing is applied).
      await page.context().clearCookies()
      // The admin's first visit opens Bulk Assign by itself (once); the page itself is what is kept.
      await signIn(page, admin)
      await page.goto('/manage')
      if (theme === 'light') await switchTheme(page, 'light')
      await expect(page.locator('html')).toHaveClass(theme)
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto('/manage')
        await untilHydrated(page, js)
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: `Export CSV of the licenses of ${company}` }).click(),
        ])
        const lines = fs
          .readFileSync((await file.path())!, 'utf8')
          .slice(1)
          .trim()
          .split('\r\n')
        const changed = lines.map((line, index) => {
          if (index !== 1) return line
          const cells = line.split(',')
          cells[3] = holder
          return cells.join(',')
        })
        await page.getByRole('link', { name: `Import CSV for ${company}` }).click()
        const importing = dialog(page, js, 'Import Seat Assignments')
        await importing.getByLabel('CSV file').setInputFiles({
          name: 'seats.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(changed.join('\r\n'), 'utf8'),
        })
        await importing.getByRole('button', { name: 'Show plan' }).click()
        await expect(importing.getByRole('list', { name: 'Changes' }).getByRole('listitem')).toHaveCount(1)
        await keep(page, `import-plan-${theme}-${width}`, importing)
      }
      await page.context().clearCookies()
    }
  })
})
