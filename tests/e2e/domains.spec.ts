import crypto from 'node:crypto'
import { autoJoinSavedMessage, domainTakenMessage } from '../../protocol/domains'
import { startDnsServer, type TestDnsServer } from '../support/dns-server'
import { dialog } from './company-helpers'
import { expect, expectNoAxeViolations, serverURL, signIn, test } from './fixtures'

// The server under test asks a DNS server on the UDP port of its own number (scripts/e2e-server.mjs): this one.
let dns: TestDnsServer
test.beforeAll(async () => {
  dns = await startDnsServer(Number(new URL(serverURL()).port))
})
test.afterAll(async () => {
  await dns.close()
})

// A post and the page it leads to can take a while on a busy machine.
const slowExpect = expect.configure({ timeout: 20_000 })

const uniqueDomain = (js: boolean) => `d-${js ? 'js' : 'nojs'}-${crypto.randomBytes(3).toString('hex')}.example`

test.describe('verified domains', () => {
  // Sign-in, several posts and axe scans of /manage with its few dozen licenses each.
  test.slow()

  test('olivia claims a domain, is told what DNS holds until the record is there, verifies it and removes it', async ({
    page,
    js,
  }) => {
    // Many steps on a busy machine: each post and scan of /manage with its few dozen licenses takes a while.
    test.setTimeout(360_000)
    const domain = uniqueDomain(js)
    await signIn(page, 'olivia@acme.test')
    await page.getByRole('link', { name: 'Domains for Acme Corp' }).click()
    const domains = dialog(page, js, 'Domains')
    await slowExpect(domains.getByRole('row', { name: 'acme.test Verified Details of acme.test' })).toBeVisible()

    const field = domains.getByRole('textbox', { name: 'Add a domain' })
    await domains.getByRole('button', { name: 'Add domain' }).click()
    await slowExpect(domains.getByText('Domain must be provided.')).toBeVisible()
    await field.fill('https://acme.com/')
    await domains.getByRole('button', { name: 'Add domain' }).click()
    await slowExpect(domains.getByText('Domain is not valid: enter a name such as acme.com.')).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(page, 'Domains dialog with an error')

    await field.fill(domain.toUpperCase())
    await domains.getByRole('button', { name: 'Add domain' }).click()
    const claimed = dialog(page, js, domain)
    await slowExpect(claimed.getByText('Status: Not verified')).toBeVisible()
    await expect(claimed.getByText(`Added ${domain}: add its TXT record`, { exact: false })).toBeVisible()
    const value = claimed.getByRole('code').filter({ hasText: 'license-portal-verification=' })
    const record = (await value.textContent()) ?? ''
    expect(record).toMatch(/^license-portal-verification=[0-9a-f]{32}$/)

    await claimed.getByRole('button', { name: 'Verify now' }).click()
    await slowExpect(claimed.getByRole('alert')).toHaveText(
      `${domain} does not exist in DNS (no such name). Check the spelling.`,
    )

    dns.zone.set(domain, ['v=spf1 include:mail.example -all'])
    await claimed.getByRole('button', { name: 'Verify now' }).click()
    await slowExpect(claimed.getByRole('alert')).toContainText(`No TXT record ${record} was found at ${domain}`)
    await expect(claimed.getByRole('alert')).toContainText('"v=spf1 include:mail.example -all"')
    await expectNoAxeViolations(page, 'Domain dialog after a failed check')

    dns.zone.set(domain, ['v=spf1 include:mail.example -all', record])
    await claimed.getByRole('button', { name: 'Verify now' }).click()
    await slowExpect(claimed.getByText('Status: Verified')).toBeVisible()
    await expect(claimed.getByText(`${domain} carries the record ${record}.`)).toBeVisible()
    await expect(claimed.getByRole('alert')).toHaveCount(0)

    await claimed.getByRole('link', { name: 'Back to Domains' }).click()
    await slowExpect(domains.getByRole('row', { name: `${domain} Verified Details of ${domain}` })).toBeVisible()
    await domains.getByRole('link', { name: `Details of ${domain}` }).click()
    await claimed.getByRole('button', { name: 'Remove domain' }).click()
    await slowExpect(domains.getByRole('status')).toContainText(`Removed ${domain}.`)
    await expect(domains.getByRole('row', { name: new RegExp(domain) })).toHaveCount(0)
    await expect(domains.getByRole('row', { name: 'acme.test Verified Details of acme.test' })).toBeVisible()
  })

  test('a domain another company verified is refused, saying so', async ({ page, js }) => {
    await signIn(page, 'carl@globex.test')
    await page.goto('/manage?dialog=domains&company=globex')
    const domains = dialog(page, js, 'Domains')
    await domains.getByRole('textbox', { name: 'Add a domain' }).fill('acme.test')
    await domains.getByRole('button', { name: 'Add domain' }).click()
    await slowExpect(domains.getByText(domainTakenMessage('acme.test'))).toBeVisible()
    await expectNoAxeViolations(page, 'Domains dialog with a refused claim')
  })

  test('olivia turns auto-join on for acme.test; a newcomer there signs in and holds a Wallaby.js seat', async ({
    page,
    js,
  }) => {
    await signIn(page, 'olivia@acme.test')
    await page.goto('/manage?dialog=domain&company=acme&domain=acme.test')
    const domain = dialog(page, js, 'acme.test')
    const autoJoin = domain.getByRole('group', { name: 'Auto-join' })
    await slowExpect(autoJoin).toBeVisible()
    await autoJoin.getByRole('checkbox', { name: 'Wallaby.js' }).check()
    await autoJoin.getByRole('button', { name: 'Save auto-join' }).click()
    await slowExpect(domain.getByRole('status')).toContainText(autoJoinSavedMessage('acme.test', ['Wallaby.js']))
    await expect(autoJoin.getByRole('checkbox', { name: 'Wallaby.js' })).toBeChecked()
    await expectNoAxeViolations(page, 'Domain dialog with auto-join saved')

    const newcomer = `newcomer-${js ? 'js' : 'nojs'}-${crypto.randomBytes(3).toString('hex')}@acme.test`
    await signIn(page, newcomer)
    await slowExpect(page.getByText(/Wallaby\.js/).first()).toBeVisible()
  })

  test('a Company Manager has no Domains', async ({ page }) => {
    await signIn(page, 'max@acme.test')
    await expect(page.getByRole('link', { name: 'Permissions for Acme Corp' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Domains for Acme Corp' })).toHaveCount(0)
    const response = await page.goto('/manage?dialog=domains&company=acme')
    expect(response?.status()).toBe(404)
  })
})
