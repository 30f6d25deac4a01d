import { expect, test, expectNoAxeViolations } from './fixtures'
import { dialog } from './account-helpers'
import type { Page } from '@playwright/test'

/** From "/" through "Or continue with" to the stand-in's authorization page of `provider`. */
async function startSocialSignIn(page: Page, label: 'GitHub' | 'Google') {
  await page.goto('/')
  await page.getByRole('button', { name: label }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Sign in with ${label}` })).toBeVisible()
}

function authenticationFailed(page: Page, js: boolean) {
  return js
    ? page.getByRole('alertdialog', { name: 'Authentication Failed' })
    : dialog(page, js, 'Authentication Failed')
}

test('GitHub sign-in through the stand-in lands on /manage; the same answer used again is refused', async ({
  page,
  js,
}) => {
  await startSocialSignIn(page, 'GitHub')
  await page.getByRole('textbox', { name: 'Email address' }).fill('gita@github.test')
  const callback = page.waitForRequest((request) => new URL(request.url()).pathname === '/auth/github/')
  await page.getByRole('button', { name: 'Approve' }).click()
  const callbackUrl = (await callback).url()
  expect(new URL(callbackUrl).searchParams.get('code')).toBeTruthy()
  expect(new URL(callbackUrl).searchParams.get('state')).toBeTruthy()
  await expect(page).toHaveURL(/\/manage$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Licenses' })).toBeVisible()
  await expect(page.locator('summary').filter({ hasText: 'Account menu for gita@github.test' })).toBeVisible()
  await expectNoAxeViolations(page, '/manage after GitHub sign-in')

  const replay = await page.goto(callbackUrl)
  expect(replay?.status()).toBe(401)
  const failed = authenticationFailed(page, js)
  await expect(failed).toBeVisible()
  await expect(failed.getByText('request seems to have already been processed, try again')).toBeVisible()
  await expectNoAxeViolations(page, 'Authentication Failed (replayed answer)')
})

test('Google sign-in through the stand-in lands on /manage', async ({ page }) => {
  await startSocialSignIn(page, 'Google')
  await page.getByRole('textbox', { name: 'Email address' }).fill('gary@google.test')
  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(page).toHaveURL(/\/manage$/)
  await expect(page.locator('summary').filter({ hasText: 'Account menu for gary@google.test' })).toBeVisible()
})

test('denying access shows Authentication Failed, which only Close dismisses, to "/"', async ({ page, js }) => {
  await startSocialSignIn(page, 'GitHub')
  await page.getByRole('button', { name: 'Deny' }).click()
  await expect(page).toHaveURL(/\/auth\/github\/\?.*error=access_denied/)
  const failed = authenticationFailed(page, js)
  await expect(failed).toBeVisible()
  await expect(failed.getByText('An unexpected error occurred during authentication.')).toBeVisible()
  await expect(failed.getByText(/contact support/)).toBeVisible()
  await expectNoAxeViolations(page, 'Authentication Failed (denied)')
  if (js) {
    await page.keyboard.press('Escape')
    await expect(failed).toBeVisible()
  }
  await failed.getByRole('link', { name: 'Close' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('button', { name: 'Send Link' })).toBeVisible()
})

test('an address that owns nothing is told so', async ({ page, js }) => {
  await startSocialSignIn(page, 'GitHub')
  await page.getByRole('textbox', { name: 'Email address' }).fill('nobody@example.test')
  await page.getByRole('button', { name: 'Approve' }).click()
  const failed = authenticationFailed(page, js)
  await expect(failed).toBeVisible()
  await expect(failed.getByText('no licenses associated with your email address, try a different email')).toBeVisible()
  await expect(failed.getByText(/contact support/)).toHaveCount(0)
})

test('a callback without code or state goes to "/"', async ({ page }) => {
  await page.goto('/auth/github/?state=only-a-state')
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/auth/google/')
  await expect(page).toHaveURL(/\/$/)
})
