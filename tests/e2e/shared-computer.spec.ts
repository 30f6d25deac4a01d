// The shared computer: the account's pages are never stored by the browser, so that Back after Log Out shows no
// account data; and a signed-in person who opens "/" is told who they are signed in as. Script on and off.
import { expect, expectNoAxeViolations, signIn, test } from './fixtures'

const EMAIL = 'pat@personal.test'

test(
  'signed-in pages and their data requests are sent Cache-Control: no-store; signed-out pages are not',
  { tag: '@once' },
  async ({ page }) => {
    const before = await page.request.get('/help/')
    expect(before.headers()['cache-control'] ?? '').not.toContain('no-store')

    await signIn(page, EMAIL)
    for (const path of ['/manage', '/manage?dialog=account-settings', '/', '/help/', '/shop/wallaby/buy/']) {
      const response = await page.request.get(path)
      expect(response.status(), path).toBe(200)
      expect(response.headers()['cache-control'], path).toBe('no-store')
    }
    const data = await page.request.get('/manage?index&_data=routes%2Fmanage')
    expect(data.status()).toBe(200)
    expect(await data.text()).toContain(EMAIL)
    expect(data.headers()['cache-control']).toBe('no-store')
  },
)

test('after Log Out, Back shows no account data', async ({ playwright, launchOptions, baseURL, js }) => {
  // A browser as people have it: Playwright turns the back/forward cache off by default; this one has it, so that Back
  // could show a page as it was kept.
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  })
  try {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: js })
    const page = await context.newPage()
    await signIn(page, EMAIL)
    const accountMenu = page.locator('summary').filter({ hasText: `Account menu for ${EMAIL}` })
    await expect(accountMenu).toBeVisible()
    await expect(page.getByRole('region', { name: 'Personal', exact: true })).toBeVisible()
    // A second page of the account in the history, then a page outside /manage that still shows the user menu.
    await page.getByRole('link', { name: 'Help' }).first().click()
    await expect(page).toHaveURL(/\/help\/?$/)
    await accountMenu.click()
    await page.getByRole('button', { name: 'Log Out' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByText('To get started, you must first sign in')).toBeVisible()

    // Back, as far as the history goes: no page shows the account any more.
    for (let step = 0; step < 2; step++) {
      // A page restored from the back/forward cache fires no load event: wait only for the history step itself.
      await page.goBack({ waitUntil: 'commit' })
      await expect(page.getByText(`Account menu for ${EMAIL}`)).toHaveCount(0)
      await expect(page.getByRole('region', { name: 'Personal', exact: true })).toHaveCount(0)
      await expect(page.getByText(EMAIL)).toHaveCount(0)
    }
    // What Back reached is asked of the server again: /manage sends a signed-out visitor to sign in.
    await page.goto('/manage')
    await expect(page).toHaveURL(/\/$/)
  } finally {
    await browser.close()
  }
})

test('a signed-in person on "/" is told who they are signed in as, with the way to Manage Licenses', async ({
  page,
}) => {
  await signIn(page, EMAIL)
  await page.goto('/')
  const signedIn = page.getByRole('region', { name: 'You are signed in' })
  await expect(signedIn).toContainText(`You are signed in as ${EMAIL}.`)
  await expect(page.getByText('To get started, you must first sign in')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Send Link' })).toHaveCount(0)
  await expectNoAxeViolations(page, 'signed-in home')

  await signedIn.getByRole('link', { name: 'Manage Licenses' }).click()
  await expect(page).toHaveURL(/\/manage$/)
  await expect(page.getByRole('region', { name: 'Personal', exact: true })).toBeVisible()

  // "Not you?" ends the session and offers the sign-in form.
  await page.goto('/')
  await page.getByRole('button', { name: 'Not you? Log Out' }).click()
  await expect(page.getByText('To get started, you must first sign in')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send Link' })).toBeVisible()
  await expect(page.getByText(`Account menu for ${EMAIL}`)).toHaveCount(0)
})
