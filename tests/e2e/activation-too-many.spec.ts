import { expect, test, expectNoAxeViolations, expectNoScript } from './fixtures'
import { activeHosts, editor, outboxLink, patLicenseKey, uniqueName } from './account-helpers'

const PAT = 'pat@personal.test'
// pat's bundle license is active on pat-laptop, pat-desktop and build-server in the demo data (limit 3, spec §9).
const BUNDLE = 'Wallaby.js + Quokka.js personal license'

test(
  'a fourth machine: choose one of the three to deactivate, then Proceed',
  { tag: '@once' },
  async ({ page, js, baseURL }) => {
    test.setTimeout(90_000)
    const key = patLicenseKey(BUNDLE)
    const before = activeHosts(key)
    expect(before).toHaveLength(3)
    const host = uniqueName('fourth', js)

    const asked = await editor(['activate', '--key', key, '--host', host], baseURL!)
    expect(asked.code, asked.output).toBe(0)
    const link = await outboxLink(
      page,
      PAT,
      `Confirm the activation of Wallaby.js + Quokka.js on the machine "${host}"`,
    )

    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1, name: 'Too Many Activations' })).toBeVisible()
    await expect(page.getByText(/already in use in 3 locations/)).toBeVisible()
    const choices = page.getByRole('group', { name: 'Activations to remove' }).getByRole('checkbox')
    await expect(choices).toHaveCount(3)
    for (const hostname of before) {
      await expect(
        page.getByRole('checkbox', {
          name: new RegExp(`^${hostname}, activated \\w+ \\d+, \\d{4} \\d\\d:\\d\\d [AP]M UTC$`),
        }),
      ).toBeVisible()
    }
    // Proceed is a plain post with script on too: the page ships none.
    await expectNoScript(page)
    await expectNoAxeViolations(page, 'Too Many Activations')

    await test.step('Proceed with nothing chosen asks for a choice and changes nothing', async () => {
      await page.getByRole('button', { name: 'Proceed' }).click()
      await expect(page.getByText('Choose at least one activation to remove.')).toBeVisible()
      await expect(choices).toHaveCount(3)
      expect(activeHosts(key)).toEqual(before)
    })

    const removed = before[0]
    await page.getByRole('checkbox', { name: new RegExp(`^${removed},`) }).check()
    await page.getByRole('button', { name: 'Proceed' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'License Activation Confirmed' })).toBeVisible()
    await expectNoAxeViolations(page, 'License Activation Confirmed after removal')

    const after = activeHosts(key)
    expect(after).toHaveLength(3)
    expect(after).toContain(host)
    expect(after).not.toContain(removed)
    const check = await editor(['check', '--key', key, '--host', removed], baseURL!)
    expect(check.code, check.output).toBe(1)
  },
)
