// Buying in the sandbox: with script the sandbox's checkout page opens in the inline frame after Continue;
// without script Continue sends the browser to the same page as a hosted checkout, which returns to the shop with the
// outcome. Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 9235 is flagged.
import { expect, expectNoAxeViolations, signIn, switchTheme, test } from './fixtures'
import { CARDS, continueToPayment, pay, uniqueEmail } from './shop-helpers'

test('buy an organization subscription for 5 users and see its licenses on /manage', async ({ page, js }, testInfo) => {
  const email = uniqueEmail(testInfo, 'org')
  const company = `Buyer Org ${testInfo.project.name} ${Date.now()}`
  const payment = await continueToPayment(page, js, 'wallaby', { type: 'Organization', users: 5, name: company, email })
  if (js) {
    // The frame reports the checkout's prices.
    await expect(page.getByRole('status').filter({ hasText: 'To pay now: $580' })).toBeVisible()
    await expectNoAxeViolations(page, 'purchase page with the checkout frame')
    // A theme switched with the frame open: the frame follows it, and what was typed there stays (no reload).
    const card = payment.getByRole('textbox', { name: 'Card number' })
    await card.fill(CARDS.success)
    await switchTheme(page, 'light')
    await expect(payment.locator('html')).toHaveClass('light')
    await expect(card).toHaveValue(CARDS.success)
  }
  await pay(payment, CARDS.success)

  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('state')).toBe('complete')
  await expect(page.getByText(`We have emailed your Wallaby.js license details to ${email}.`)).toBeVisible()
  // An organization's licenses are assigned to nobody yet: the buyer is told to assign them (to themselves too), never
  // to activate with the buying address, which holds no license.
  const next = page.getByRole('region', { name: 'What to do next' })
  await expect(next).toContainText('are not assigned to anyone yet')
  await expect(next).toContainText('Manage assignments')
  await expect(next.getByRole('link', { name: 'Manage Licenses' })).toHaveAttribute(
    'href',
    `/?email=${encodeURIComponent(email)}`,
  )
  await expect(page.getByRole('heading', { name: 'Start using Wallaby.js now' })).toHaveCount(0)
  await expect(page.getByText('enter the email address you bought with')).toHaveCount(0)
  await expectNoAxeViolations(page, 'purchase complete')

  await signIn(page, email)
  const section = page.getByRole('region', { name: company, exact: true })
  await expect(section.getByRole('heading', { level: 2, name: company })).toBeVisible()
  await expect(section.getByText('5 licenses, 0 assigned')).toBeVisible()
})

test('a declined card is said in the payment form, which keeps all but the card number; another card pays once', async ({
  page,
  js,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'declined')
  const payment = await continueToPayment(page, js, 'quokka', {
    type: 'Organization',
    users: 3,
    billing: 'Monthly',
    name: 'Declined Buyer Org',
    email,
    zip: '94105',
  })
  const before = page.url()
  await pay(payment, CARDS.declined)
  // The payment form stays, the sandbox's reason and what to do tied to the card number (as Paddle's checkout does).
  const cardNumber = payment.getByRole('textbox', { name: 'Card number' })
  await expect(cardNumber).toHaveAccessibleDescription(
    'Your card was declined by your bank. No payment was taken. Try another card, or ask your bank.',
  )
  await expect(cardNumber).toHaveValue('')
  await expect(payment.getByRole('textbox', { name: 'Expiry date' })).not.toHaveValue('')
  await expect(payment.getByText(`Paying as ${email}, United States 94105`)).toBeVisible()
  if (js) {
    // The purchase page announces it too, without leaving: the shop's failed page is not shown.
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined by your bank.' })).toContainText(
      'Try another card in the payment form, or ask your bank.',
    )
    expect(page.url()).toBe(before)
    await expect(page.getByRole('textbox', { name: 'Company name', exact: true })).toHaveValue('Declined Buyer Org')
  }
  await expect(page.getByRole('heading', { name: 'Something went wrong with your checkout' })).toHaveCount(0)
  await expectNoAxeViolations(page, 'card declined in the payment form')

  await pay(payment, CARDS.success)
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('state')).toBe('complete')
})

test('a test card flagged for review shows the review screen', async ({ page, js }, testInfo) => {
  const payment = await continueToPayment(page, js, 'console-ninja', {
    type: 'Personal',
    name: 'Flagged Buyer',
    email: uniqueEmail(testInfo, 'flagged'),
  })
  await pay(payment, CARDS.flagged)
  await expect(page.getByRole('heading', { name: 'Your order is being reviewed' })).toBeVisible()
  await expect(page.getByText(/usually takes 1-2 hours, and at most 12 hours/)).toBeVisible()
  await expect(page.getByRole('heading', { name: /Start using/ })).toHaveCount(0)
})

test('an individual who already has a subscription is told so', async ({ page, js }, testInfo) => {
  const email = uniqueEmail(testInfo, 'subscribed')
  const payment = await continueToPayment(page, js, 'wallaby', { type: 'Personal', name: 'Sub Scriber', email })
  await pay(payment, CARDS.success)
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible()
  // A buyer who is not signed in is shown where the license is managed, with the address prefilled.
  await expect(page.getByRole('link', { name: 'Manage Licenses' })).toHaveAttribute(
    'href',
    `/?email=${encodeURIComponent(email)}`,
  )

  // The shop shows that order again until a new purchase is started on purpose.
  await page.goto('/shop/wallaby/buy/')
  await page.getByRole('button', { name: 'Start a new purchase' }).click()
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sub Scriber')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Zip/Post code' }).fill('10001')
  await page.getByRole('button', { name: 'Continue' }).click()
  const emailField = page.getByRole('textbox', { name: 'Email' })
  await expect(emailField).toHaveAccessibleDescription('Email address is already subscribed.')
  await expect(
    page.getByRole('alert').getByRole('link', { name: 'Email address is already subscribed.' }),
  ).toBeVisible()
  await expect(page.locator('iframe[title="Checkout"]')).toHaveCount(0)

  if (js) {
    // Once the frame is open, editing the email closes it and checks the new address when the field is left.
    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail(testInfo, 'fresh'))
    await page.getByRole('button', { name: 'Continue' }).click()
    const frame = page.locator('iframe[title="Checkout"]')
    await expect(frame).toHaveAttribute('src', /product=wallaby-personal-year&/)
    // A changed option reopens the frame for the new plan.
    await page.getByRole('radio', { name: 'Monthly' }).check()
    await expect(frame).toHaveAttribute('src', /product=wallaby-personal-month&/)
    await expect(page.getByTestId('price-per-month')).toHaveText('$6.05')
    await page.getByRole('textbox', { name: 'Email' }).fill(email)
    await expect(page.locator('iframe[title="Checkout"]')).toHaveCount(0)
    await page.getByRole('textbox', { name: 'Email' }).blur()
    await expect(emailField).toHaveAccessibleDescription('Email address is already subscribed.')
    await expect(page.locator('iframe[title="Checkout"]')).toHaveCount(0)
  }

  // Which subscription stops it, and the ways on: its quantity, or an organization purchase with the details kept.
  await expect(
    page.getByRole('note').filter({ hasText: `${email} has a Wallaby.js subscription already` }),
  ).toBeVisible()
  // Leaving the refused address unchanged asks nothing again: the link stays under the pointer that presses it.
  const checks: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/shop/wallaby/buy/')
      checks.push(request.url())
  })
  await page.getByRole('textbox', { name: 'Email' }).focus()
  await page.getByRole('link', { name: 'buy Wallaby.js as an organization' }).click()
  await expect(page.getByRole('radio', { name: 'Organization', exact: true })).toBeChecked()
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email)
  await expect(page.getByRole('combobox', { name: 'Users' })).toBeVisible()
  // With script, the organization purchase is checked once (the frame opens for it); without, the link is a page.
  if (js) await expect(page.locator('iframe[title="Checkout"]')).toHaveAttribute('src', /wallaby-organization-month/)
  expect(checks).toHaveLength(js ? 1 : 0)
})
