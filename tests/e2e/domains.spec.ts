import type { Locator, Page } from '@playwright/test'
import { autoJoinSavedMessage, domainTakenMessage } from '../../protocol/domains/domains'
import { startDnsServer, type TestDnsServer } from '../support/dns-server'
import { clearAutoJoin, dialog, signInToManage, uniqueEmail } from './company-helpers'
import { escapeRegExp, expect, expectNoAxeViolations, serverURL, signIn, test } from './fixtures'

// The server under test asks a DNS server on the UDP port of its own number (scripts/e2e-server.mjs): this one.
let dns: TestDnsServer
test.beforeAll(async () => {
  dns = await startDnsServer(Number(new URL(serverURL()).port))
})
test.afterAll(async () => {
  clearAutoJoin('acme')
  await dns.close()
})

/** The sentence a change ends with, in the status region of the dialog it returns to. */
const sentence = (page: Page, where: Locator) =>
  where.getByRole('status').filter({ has: page.locator('.status-message__panel') })

/** A domain no earlier run of the test (in the other project) has claimed. */
const uniqueDomain = (js: boolean) => uniqueEmail('d', js, 'example').split('@')[0] + '.example'

test.describe('verified domains', () => {
  test('olivia claims a domain, is told what DNS holds until the record is there, verifies it and removes it', async ({
    page,
    js,
  }) => {
    // Two refusals, a claim, three checks, a removal and four axe scans: without script each is a page load.
    test.slow()
    const domain = uniqueDomain(js)
    await signInToManage(page, js, 'olivia@acme.test')
    await page.getByRole('link', { name: 'Domains for Acme Corp' }).click()
    const domains = dialog(page, js, 'Domains')
    await expect(domains.getByRole('row', { name: 'acme.test Verified Details of acme.test' })).toBeVisible()
    await expectNoAxeViolations(page, 'Domains dialog')

    const field = domains.getByRole('textbox', { name: 'Add a domain' })
    await domains.getByRole('button', { name: 'Add domain' }).click()
    await expect(domains.getByText('Domain must be provided.')).toBeVisible()
    await field.fill('https://acme.com/')
    await domains.getByRole('button', { name: 'Add domain' }).click()
    await expect(domains.getByText('Domain is not valid: enter a name such as acme.com.')).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(page, 'Domains dialog with an error')

    // Typed in capitals: the domain is kept in lower case.
    await field.fill(domain.toUpperCase())
    await domains.getByRole('button', { name: 'Add domain' }).click()
    const claimed = dialog(page, js, domain)
    await expect(claimed.getByText('Status: Not verified')).toBeVisible()
    await expect(sentence(page, claimed)).toContainText(
      `Added ${domain}: add its TXT record with your DNS provider, then choose Verify now.`,
    )
    const value = claimed.getByText(/^license-portal-verification=/)
    const record = (await value.textContent()) ?? ''
    expect(record).toMatch(/^license-portal-verification=[0-9a-f]{32}$/)
    await expectNoAxeViolations(page, 'Domain dialog of a claimed domain')

    await claimed.getByRole('button', { name: 'Verify now' }).click()
    await expect(claimed.getByRole('alert')).toHaveText(
      `${domain} does not exist in DNS (no such name). Check the spelling.`,
    )

    dns.zone.set(domain, ['v=spf1 include:mail.example -all'])
    await claimed.getByRole('button', { name: 'Verify now' }).click()
    await expect(claimed.getByRole('alert')).toContainText(`No TXT record ${record} was found at ${domain}`)
    await expect(claimed.getByRole('alert')).toContainText('"v=spf1 include:mail.example -all"')
    await expect(claimed.getByText('Status: Not verified')).toBeVisible()
    await expectNoAxeViolations(page, 'Domain dialog after a failed check')

    dns.zone.set(domain, ['v=spf1 include:mail.example -all', record])
    await claimed.getByRole('button', { name: 'Verify now' }).click()
    await expect(claimed.getByText('Status: Verified')).toBeVisible()
    await expect(sentence(page, claimed)).toContainText(`${domain} is verified.`)
    await expect(claimed.getByText(`${domain} carries the record ${record}.`)).toBeVisible()
    await expect(claimed.getByRole('alert')).toHaveCount(0)

    await claimed.getByRole('link', { name: 'Back to Domains' }).click()
    await expect(domains.getByRole('row', { name: `${domain} Verified Details of ${domain}` })).toBeVisible()
    await domains.getByRole('link', { name: `Details of ${domain}` }).click()
    await claimed.getByRole('button', { name: 'Remove domain' }).click()
    await expect(sentence(page, domains)).toContainText(`Removed ${domain}.`)
    await expect(domains.getByRole('row', { name: new RegExp(escapeRegExp(domain)) })).toHaveCount(0)
    await expect(domains.getByRole('row', { name: 'acme.test Verified Details of acme.test' })).toBeVisible()
    await expectNoAxeViolations(page, 'Domains dialog after a removal')
  })

  test('a domain another company verified is refused, saying so', async ({ page, js }) => {
    await signInToManage(page, js, 'carl@globex.test')
    await page.goto('/manage?dialog=domains&company=globex')
    const domains = dialog(page, js, 'Domains')
    await domains.getByRole('textbox', { name: 'Add a domain' }).fill('acme.test')
    await domains.getByRole('button', { name: 'Add domain' }).click()
    await expect(domains.getByText(domainTakenMessage('acme.test'))).toBeVisible()
    await expect(domains.getByRole('textbox', { name: 'Add a domain' })).toHaveValue('acme.test')
    await expectNoAxeViolations(page, 'Domains dialog with a refused claim')
  })

  test('olivia turns auto-join on for acme.test; a newcomer there signs in and holds a Wallaby.js seat', async ({
    page,
    js,
  }) => {
    // Two sign-ins, a save, the newcomer's page and the outbox, with two axe scans.
    test.slow()
    await signInToManage(page, js, 'olivia@acme.test')
    await page.goto('/manage?dialog=domain&company=acme&domain=acme.test')
    const domain = dialog(page, js, 'acme.test')
    const autoJoin = domain.getByRole('group', { name: 'Auto-join' })
    await autoJoin.getByRole('checkbox', { name: 'Wallaby.js', exact: true }).check()
    await autoJoin.getByRole('button', { name: 'Save auto-join' }).click()
    await expect(sentence(page, domain)).toContainText(autoJoinSavedMessage('acme.test', ['Wallaby.js']))
    await expect(autoJoin.getByRole('checkbox', { name: 'Wallaby.js', exact: true })).toBeChecked()
    await expectNoAxeViolations(page, 'Domain dialog with auto-join saved')

    // Someone at acme.test who holds nothing yet may sign in, and holds a seat at once.
    const newcomer = uniqueEmail('newcomer', js)
    await signIn(page, newcomer)
    await expect(page.getByText('You have no licenses yet.')).toHaveCount(0)
    await expect(page.getByRole('row', { name: /Wallaby\.js/ }).first()).toBeVisible()
    await expectNoAxeViolations(page, "The newcomer's licenses")

    await page.goto('/dev/outbox')
    await expect(
      page.getByRole('article', {
        name: `Mail to olivia@acme.test: ${newcomer} joined the company "Acme Corp" through acme.test`,
      }),
    ).toHaveCount(1)
  })

  test('a Company Manager has no Domains', async ({ page }) => {
    await signIn(page, 'max@acme.test')
    await expect(page.getByRole('link', { name: 'Bulk Assign for Acme Corp' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Domains for Acme Corp' })).toHaveCount(0)
    const response = await page.goto('/manage?dialog=domains&company=acme')
    expect(response?.status()).toBe(404)
  })
})
