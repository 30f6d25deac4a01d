// The footer's links and the Contact page: every link of the portal's own answers, and Contact shows the support
// address the portal is configured with (spec §2 "Support has /help and /contact/").
import { expect, expectNoAxeViolations, expectNoScript, test } from './fixtures'

const VENDOR_SITE = 'https://license-portal.test/'

test(
  'every footer link leads somewhere: the portal’s own pages answer 200, the others are the vendor’s or mail links',
  { tag: '@once' },
  async ({ page, request, baseURL }) => {
    await page.goto('/')
    const footer = page.locator('footer')
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
    expect(hrefs).toContain('/contact/')
    for (const href of new Set(hrefs)) {
      const url = new URL(href, baseURL)
      if (url.origin === new URL(baseURL!).origin) {
        const answer = await request.get(url.pathname)
        expect(answer.status(), href).toBe(200)
        expect(await answer.text(), href).not.toContain('Page not found')
      } else {
        // Outside the portal (the tests never reach the internet): the vendor's website, its social pages, or mail.
        expect(href, href).toMatch(
          /^(https:\/\/license-portal\.test\/|https:\/\/github\.com\/|https:\/\/x\.com\/|mailto:)/,
        )
      }
    }
    expect(hrefs.some((href) => href.startsWith(VENDOR_SITE))).toBe(true)
  },
)

test('the footer’s Contact leads to the support address', async ({ page }) => {
  await page.goto('/help/')
  await page.locator('footer').getByRole('link', { name: 'Contact', exact: true }).click()
  await expect(page).toHaveURL(/\/contact\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible()
  const mail = page.getByRole('link', { name: 'support@license-portal.test' })
  await expect(mail).toHaveAttribute('href', 'mailto:support@license-portal.test')
  await expectNoScript(page)
  await expectNoAxeViolations(page, 'Contact page')

  await page.goto('/')
  await page.locator('footer').getByRole('link', { name: 'Contact support' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible()
})
