import {
  expect,
  requestSignInLink,
  signIn,
  signInByLink,
  test,
  expectNoAxeViolations,
  expectNoScript,
} from './fixtures'
import { createPersonalHolder, dialog, openUserMenuItem, outboxLink, uniqueName } from './account-helpers'

// Each run changes the address of a personal holder of its own (created in the store), so no other test's data moves.
test('a personal holder changes their email address end to end through the emailed link', async ({ page, js }) => {
  test.setTimeout(90_000)
  const oldEmail = `${uniqueName('change-from', js)}@personal.test`
  const newEmail = `${uniqueName('change-to', js)}@personal.test`
  createPersonalHolder(oldEmail)

  await signIn(page, oldEmail)
  // The menu item on the very first page after sign-in is checked by its own test below.
  await page.goto('/manage')
  await openUserMenuItem(page, oldEmail, 'Change Email Address')
  await expect(page).toHaveURL(/\/manage\?dialog=change-email$/)
  const changeEmail = dialog(page, js, 'Change Email Address')
  await expect(changeEmail).toBeVisible()
  await expectNoAxeViolations(page, 'Change Email Address dialog')

  const newField = changeEmail.getByRole('textbox', { name: 'New email address', exact: true })
  const confirmField = changeEmail.getByRole('textbox', { name: 'Confirm new email address', exact: true })
  const submit = changeEmail.getByRole('button', { name: 'Change Email Address' })

  await test.step('Escape closes the dialog', async () => {
    if (!js) return // Without script the dialog is a page section; Cancel (a link) closes it.
    await newField.press('Escape')
    await expect(changeEmail).toBeHidden()
    await expect(page).toHaveURL(/\/manage$/)
    await page.goto('/manage?dialog=change-email')
    await expect(changeEmail).toBeVisible()
  })

  await test.step('the spec’s validation messages', async () => {
    await submit.click()
    await expect(changeEmail.getByText('Email address must be provided.')).toBeVisible()
    await newField.fill('not an email')
    await submit.click()
    await expect(changeEmail.getByText('Email address is not valid.')).toBeVisible()
    await newField.fill(oldEmail.toUpperCase())
    await confirmField.fill(oldEmail.toUpperCase())
    await submit.click()
    await expect(changeEmail.getByText('New email address must be different from current email address.')).toBeVisible()
    await newField.fill(newEmail)
    await confirmField.fill(`x${newEmail}`)
    await submit.click()
    await expect(changeEmail.getByText('Email addresses do not match.')).toBeVisible()
    await expectNoAxeViolations(page, 'Change Email Address dialog with errors')
  })

  await test.step('requesting the change logs out and shows the Complete dialog', async () => {
    await confirmField.fill(newEmail)
    await submit.click()
    await expect(page).toHaveURL(/\/confirmEmail\/requested$/)
    const complete = dialog(page, js, 'Change Email Address Complete')
    await expect(complete).toBeVisible()
    await expect(complete.getByText('We have sent a confirmation link to your new email address.')).toBeVisible()
    await expect(page.locator('summary').filter({ hasText: 'Account menu' })).toHaveCount(0)
    await expectNoAxeViolations(page, 'Change Email Address Complete dialog')
    await complete.getByRole('link', { name: 'Close' }).click()
    await expect(page).toHaveURL(/\/$/)
    // Logged out: /manage sends the browser back to sign in.
    await page.goto('/manage')
    await expect(page).toHaveURL(/\/$/)
  })

  const link = await outboxLink(page, newEmail, 'Confirm your new License Portal email address')
  expect(new URL(link).pathname).toMatch(/^\/confirmEmail\/[^/]+\/$/)

  await test.step('the emailed link confirms the change', async () => {
    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1, name: 'Change Confirmed' })).toBeVisible()
    await expectNoAxeViolations(page, 'Change Confirmed')
    await page.getByRole('link', { name: 'Go to the sign-in page' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  await test.step('the licenses now belong to the new address, and the old one owns nothing', async () => {
    await signIn(page, newEmail)
    await expect(page.getByRole('table', { name: 'Personal licenses' })).toContainText('Wallaby.js')
    // Signed in, "/" says as whom; Log Out there brings the sign-in form back.
    await page.goto('/')
    await page.getByRole('button', { name: 'Not you? Log Out' }).click()
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(oldEmail)
    await page.getByRole('button', { name: 'Send Link' }).click()
    await expect(page.getByText('The email address provided is not the owner of any licenses.')).toBeVisible()
  })

  await test.step('a second use of the link changes nothing', async () => {
    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1, name: 'Change Confirmed' })).toBeVisible()
    await requestSignInLink(page, newEmail)
  })
})

test('the user menu offers Change Email Address to a personal holder on the first page after sign-in', async ({
  page,
  js,
}) => {
  const email = `${uniqueName('menu', js)}@personal.test`
  createPersonalHolder(email)
  await signInByLink(page, email)
  await page
    .locator('summary')
    .filter({ hasText: `Account menu for ${email}` })
    .click()
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Change Email Address' }),
  ).toBeVisible()
})

test('a forged or missing confirmation link shows the error page', { tag: '@once' }, async ({ page }) => {
  const forged = await page.goto('/confirmEmail/not-a-token.forged/')
  expect(forged?.status()).toBe(400)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Error Processing Email Confirmation Request' }),
  ).toBeVisible()
  await expect(page.getByText('Your activation link is not valid.')).toBeVisible()
  await expectNoScript(page)
  await expectNoAxeViolations(page, 'email confirmation error')

  const missing = await page.goto('/confirmEmail/')
  expect(missing?.status()).toBe(400)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Error Processing Email Confirmation Request' }),
  ).toBeVisible()
})

test('someone without personal licenses has no Change Email Address', async ({ page }) => {
  await signIn(page, 'max@acme.test')
  await page.locator('summary').filter({ hasText: 'Account menu for max@acme.test' }).click()
  const menu = page.getByRole('navigation', { name: 'Account' })
  await expect(menu.getByRole('link', { name: 'Account Settings' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Change Email Address' })).toHaveCount(0)
  const response = await page.goto('/manage?dialog=change-email')
  expect(response?.status()).toBe(404)
})
