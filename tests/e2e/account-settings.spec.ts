import { expect, SIGN_IN_LINK_SENT, serverURL, signIn, test, expectNoAxeViolations } from './fixtures'
import { dialog, openUserMenuItem } from './account-helpers'
import type { Page } from '@playwright/test'

const GITA = 'gita@github.test'
const NO_LOGON_LINK =
  'The email address is not allowed to authenticate using an email link; please use another method below.'

/**
 * Signs in through the GitHub stand-in as `email` (works whether or not the account has GitHub linked yet). The
 * "Or continue with" form is posted over HTTP (it is under test in social-sign-in.spec.ts); the stand-in page and the
 * callback are the browser's.
 */
async function signInWithGitHub(page: Page, email: string) {
  await test.step(`sign in with GitHub as ${email}`, async () => {
    const origin = serverURL()
    const started = await page.request.post('/?index', {
      form: { intent: 'social', provider: 'github' },
      headers: { Origin: origin },
      maxRedirects: 0,
    })
    expect(started.status(), 'the portal answers the provider address').toBe(302)
    await page.goto(started.headers()['location'])
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in with GitHub' })).toBeVisible()
    await page.getByRole('textbox', { name: 'Email address' }).fill(email)
    await page.getByRole('button', { name: 'Approve' }).click()
    await page.waitForURL((url) => url.pathname === '/manage')
  })
}

async function logOut(page: Page, email: string) {
  // From the page itself: with script an open dialog is modal and keeps the header out of reach.
  await page.goto('/manage')
  await page
    .locator('summary')
    .filter({ hasText: `Account menu for ${email}` })
    .click()
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page.getByRole('button', { name: 'Send Link' })).toBeVisible()
}

// gita@github.test starts (and, for the tests after this one, ends) GitHub-linked with the default email-link policy.
test('account settings: "Always" and unlinking GitHub allow the email link; Link and "Only when OAuth not linked" undo it', async ({
  page,
  js,
}) => {
  test.setTimeout(120_000)
  await signInWithGitHub(page, GITA)

  const settings = dialog(page, js, GITA)
  const github = settings.getByRole('group', { name: 'GitHub' })
  const google = settings.getByRole('group', { name: 'Google' })

  await test.step('the dialog shows the email-link policy and the linked accounts', async () => {
    await openUserMenuItem(page, GITA, 'Account Settings')
    await expect(page).toHaveURL(/\/manage\?dialog=account-settings$/)
    await expect(settings).toBeVisible()
    await expect(settings.getByRole('radio', { name: 'Only when OAuth not linked' })).toBeChecked()
    await expect(settings.getByRole('radio', { name: 'Always' })).not.toBeChecked()
    await expect(google.getByText('Not linked')).toBeVisible()
    await expect(google.getByRole('button', { name: 'Link Google' })).toBeVisible()
    if (js) await expect(github.getByRole('button', { name: 'Unlink GitHub' })).toBeVisible()
    else await expect(github.getByRole('checkbox', { name: 'Linked' })).toBeChecked()
    await expectNoAxeViolations(page, 'Account Settings dialog')
  })

  await test.step('Save with no change just closes', async () => {
    await settings.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/manage$/)
    await expect(settings).toBeHidden()
  })

  await test.step('choose "Always", unlink GitHub, Save', async () => {
    await page.goto('/manage?dialog=account-settings')
    await settings.getByRole('radio', { name: 'Always' }).check()
    if (js) {
      await github.getByRole('button', { name: 'Unlink GitHub' }).click()
      await expect(github.getByText('GitHub will be unlinked when you save.')).toBeVisible()
    } else {
      await github.getByRole('checkbox', { name: 'Linked' }).uncheck()
    }
    await settings.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/manage$/)
    await expect(settings).toBeHidden()

    await page.goto('/manage?dialog=account-settings')
    await expect(settings.getByRole('radio', { name: 'Always' })).toBeChecked()
    await expect(github.getByText('Not linked')).toBeVisible()
    await expect(github.getByRole('button', { name: 'Link GitHub' })).toBeVisible()
  })

  await test.step('the email link now signs gita in', async () => {
    await logOut(page, GITA)
    await signIn(page, GITA)
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Licenses' })).toBeVisible()
  })

  await test.step('Link GitHub goes to GitHub and back to the dialog, linked', async () => {
    await page.goto('/manage?dialog=account-settings')
    await github.getByRole('button', { name: 'Link GitHub' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Link your GitHub account' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(GITA)
    await page.getByRole('button', { name: 'Approve' }).click()
    await expect(page).toHaveURL(/\/manage\?dialog=account-settings$/)
    await expect(settings).toBeVisible()
    if (js) await expect(github.getByRole('button', { name: 'Unlink GitHub' })).toBeVisible()
    else await expect(github.getByRole('checkbox', { name: 'Linked' })).toBeChecked()
  })

  await test.step('back to "Only when OAuth not linked": the email link is refused again', async () => {
    await settings.getByRole('radio', { name: 'Only when OAuth not linked' }).check()
    await settings.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/manage$/)
    await logOut(page, GITA)
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(GITA)
    await page.getByRole('button', { name: 'Send Link' }).click()
    await expect(page.getByText(NO_LOGON_LINK)).toBeVisible()
    await expect(page.getByText(SIGN_IN_LINK_SENT)).toHaveCount(0)
  })
})

test('account settings: Cancel leaves the draft unsaved', async ({ page, js }) => {
  await signInWithGitHub(page, GITA)
  const settings = dialog(page, js, GITA)
  await page.goto('/manage?dialog=account-settings')
  await settings.getByRole('radio', { name: 'Always' }).check()
  await settings.getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/manage$/)
  await page.goto('/manage?dialog=account-settings')
  await expect(settings.getByRole('radio', { name: 'Only when OAuth not linked' })).toBeChecked()
})
