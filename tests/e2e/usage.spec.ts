import fs from 'node:fs'
import { expect, expectNoAxeViolations, expectNoScript, signIn, switchTheme, test } from './fixtures'

// The demo data's Acme Corp has a year of use: its administrator reads it from the company section.
test.describe('usage', { tag: '@once' }, () => {
  test('a company administrator opens Usage, reads each product’s chart and table in both themes, downloads the CSV', async ({
    page,
  }) => {
    // Sign-in, two axe scans, a theme change and a download.
    test.slow()
    await signIn(page, 'olivia@acme.test')
    await page.getByRole('link', { name: 'Usage for Acme Corp' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Usage of Acme Corp' })).toBeVisible()
    // Loaded as a document, the page ships no script: what follows works as plain links and posts.
    await page.reload()
    await expectNoScript(page)

    const wallaby = page.getByRole('region', { name: 'Wallaby.js', exact: true })
    await expect(wallaby.getByRole('img', { name: /^Wallaby\.js: seats bought, assigned and active/ })).toBeVisible()
    const table = wallaby.getByRole('table', { name: 'Wallaby.js: usage by month' })
    await expect(table.getByRole('row')).toHaveCount(13)
    await expect(table.getByRole('columnheader', { name: 'Seats active' })).toBeVisible()
    // The portal starts dark; both themes are scanned.
    await expectNoAxeViolations(page, 'Usage (dark)')
    await switchTheme(page, 'light')
    await expectNoAxeViolations(page, 'Usage (light)')

    // The chart's labels are read at 9 px or more however wide it is drawn (a phone draws it at half its size).
    const chart = wallaby.locator('svg[data-chart="usage"]')
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 })
      const drawn = await chart.evaluate(
        (svg: SVGSVGElement) =>
          (parseFloat(getComputedStyle(svg.querySelector('text')!).fontSize) * svg.getBoundingClientRect().width) /
          svg.viewBox.baseVal.width,
      )
      expect(drawn, `labels at ${width} px`).toBeGreaterThanOrEqual(9)
    }

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ])
    const text = fs.readFileSync((await file.path())!, 'utf8')
    expect(text.slice(1).split('\r\n')[0]).toBe(
      'Product,Month,Seats bought,Seats assigned,Seats active,Activations refused at the limit',
    )
    expect(text).toContain('Wallaby.js,')

    await page.getByRole('link', { name: 'Back to Manage Licenses' }).click()
    await expect(page).toHaveURL(/\/manage#company-acme$/)
  })
})
