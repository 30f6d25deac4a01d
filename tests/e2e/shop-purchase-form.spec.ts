// The purchase form as a newcomer fills it in: every field's message at once with an error summary linked to the
// fields, and a Name that takes the email only when it is left empty. Script on and off.
import { expect, expectNoAxeViolations, test } from './fixtures'

test('an empty Continue shows every field’s message at once, with a summary linked to the fields', async ({
  page,
  js,
}) => {
  await page.goto('/shop/wallaby/buy/?type=company&quantity=3')
  await page.getByRole('button', { name: 'Continue' }).click()

  const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) })
  await expect(summary).toBeVisible()
  await expect(summary).toBeFocused()
  await expect(summary.getByRole('link')).toHaveText([
    'Company name must be provided.',
    'Email address must be provided.',
    'Zip/Post code must be provided.',
  ])
  // Each message is also at its field, tied to it.
  const name = page.getByRole('textbox', { name: 'Company name' })
  const email = page.getByRole('textbox', { name: 'Email' })
  const zip = page.getByRole('textbox', { name: 'Zip/Post code' })
  await expect(name).toHaveAccessibleDescription('Company name must be provided.')
  await expect(email).toHaveAccessibleDescription('Email address must be provided.')
  await expect(zip).toHaveAccessibleDescription('Zip/Post code must be provided.')
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  // The options are kept.
  await expect(page.getByRole('radio', { name: 'Organization' })).toBeChecked()
  await expect(page.getByRole('combobox', { name: 'Users' })).toHaveValue('3')
  await expectNoAxeViolations(page, 'purchase page with the error summary')

  // A summary link leads to its field.
  await summary.getByRole('link', { name: 'Email address must be provided.' }).click()
  await expect(email).toBeFocused()
  await summary.getByRole('link', { name: 'Zip/Post code must be provided.' }).click()
  await expect(zip).toBeFocused()

  // A country without a zip/post code and an email: what is left is corrected, and the summary follows.
  await page.getByRole('combobox', { name: 'Country' }).selectOption('AT')
  await email.fill('team@example.test')
  await page.getByRole('button', { name: 'Continue' }).click()
  if (js) {
    // The name took the email; the sandbox's checkout opens in the frame.
    await expect(name).toHaveValue('team@example.test')
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible()
  } else {
    await page.waitForURL((url) => url.pathname === '/sandbox/checkout')
  }
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toHaveCount(0)
})

test('an invalid email and a missing zip are told together, by the server too', async ({ page }) => {
  await page.goto('/shop/quokka/buy/')
  await page.getByRole('textbox', { name: 'Email' }).fill('not an email')
  await page.getByRole('button', { name: 'Continue' }).click()
  const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) })
  await expect(summary.getByRole('link')).toHaveText([
    'Name must be provided.',
    'Email address is not valid.',
    'Zip/Post code must be provided.',
  ])
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('not an email')
})

test('the name takes the email only when it is left empty; focus stays where the user puts it', async ({
  page,
  js,
}) => {
  await page.goto('/shop/wallaby/buy/')
  const url = page.url()
  const name = page.getByRole('textbox', { name: 'Name', exact: true })
  const email = page.getByRole('textbox', { name: 'Email' })

  if (!js) {
    // Without script the server stands the email in for a name still empty at Continue: only the zip is missing.
    await email.fill('ada@example.test')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('textbox', { name: 'Zip/Post code' })).toHaveAccessibleDescription(
      'Zip/Post code must be provided.',
    )
    await expect(page.getByRole('alert').getByRole('link')).toHaveText(['Zip/Post code must be provided.'])
    return
  }

  // Into Name by click after the email: nothing is filled in, and what is typed is kept.
  await email.fill('ada@example.test')
  await name.click()
  await expect(name).toBeFocused()
  await expect(name).toHaveValue('')
  await page.keyboard.type('Ada Lovelace')
  await expect(name).toHaveValue('Ada Lovelace')
  await expect(name).toBeFocused()

  // Into Name by Shift+Tab from the email, on a fresh page: the same.
  await page.goto('/shop/wallaby/buy/')
  await email.fill('ada@example.test')
  await page.keyboard.press('Shift+Tab')
  await expect(name).toBeFocused()
  await expect(name).toHaveValue('')
  await page.keyboard.type('Grace')
  await expect(name).toHaveValue('Grace')

  // Left empty: it takes the email, and the focus goes where the user went.
  await name.fill('')
  await page.keyboard.press('Tab')
  await expect(email).toBeFocused()
  await expect(name).toHaveValue('ada@example.test')
  await expect(page.getByText('Name must be provided.')).toHaveCount(0)
  // Nothing navigated: the page is the one the user was filling in.
  expect(page.url()).toBe(url)
  await expect(email).toHaveValue('ada@example.test')

  // Left empty without a valid email: it stays empty and says so.
  await email.fill('')
  await name.fill('')
  await page.keyboard.press('Tab')
  await expect(name).toHaveValue('')
  await expect(name).toHaveAccessibleDescription('Name must be provided.')
})
