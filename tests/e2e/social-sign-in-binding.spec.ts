import { expect, test, expectNoAxeViolations } from './fixtures'
import { dialog } from './account-helpers'

/**
 * Login CSRF: the provider's answer (code and state) belongs to the browser that started the sign-in. Opened in another
 * browser it is refused; the browser that started it can still finish.
 */
test('a sign-in answer opened in another browser is refused; the browser that started it still signs in', async ({
  page,
  browser,
  js,
}) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'GitHub' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in with GitHub' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Email address' }).fill('gita@github.test')
  // Hold the answer back in this browser, as if it had been sent to someone else instead: the stand-in's redirect to
  // the callback is taken from its answer and not followed.
  let callbackUrl = ''
  await page.route(
    (url) => url.pathname === '/stand-in/github/authorize',
    async (route) => {
      const answer = await route.fetch({ maxRedirects: 0 })
      expect(answer.status()).toBe(303)
      callbackUrl = new URL(answer.headers()['location'], route.request().url()).href
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Held</title>' })
    },
  )
  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(page).toHaveTitle('Held')
  expect(new URL(callbackUrl).pathname).toBe('/auth/github/')
  expect(new URL(callbackUrl).searchParams.get('code')).toBeTruthy()

  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: js })
  try {
    const otherPage = await other.newPage()
    const refused = await otherPage.goto(callbackUrl)
    expect(refused?.status()).toBe(401)
    const failed = js
      ? otherPage.getByRole('alertdialog', { name: 'Authentication Failed' })
      : dialog(otherPage, js, 'Authentication Failed')
    await expect(failed).toBeVisible()
    await expect(failed.getByText('request seems to have already been processed, try again')).toBeVisible()
    await expectNoAxeViolations(otherPage, 'Authentication Failed (answer from another browser)')
    await otherPage.goto('/manage')
    await expect(otherPage).toHaveURL(/\/$/)
  } finally {
    await other.close()
  }

  await page.unrouteAll()
  await page.goto(callbackUrl)
  await expect(page).toHaveURL(/\/manage$/)
  await expect(page.locator('summary').filter({ hasText: 'Account menu for gita@github.test' })).toBeVisible()
})
