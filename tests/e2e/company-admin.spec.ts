import { companyNamed, dialog, giveOwnHoldings, tabTo } from './company-helpers'
import { expect, expectNoAxeViolations, signIn, test } from './fixtures'

test.describe('platform administrator', () => {
  test('root@vendor.test removes a subscription and a license, each confirmed, then merges into a company', async ({
    page,
    js,
  }) => {
    // Many steps (and a few hundred key presses) through a page of a few dozen licenses.
    test.slow()
    const own = giveOwnHoldings('root@vendor.test')
    const companyName = `E2E Merged ${js ? 'js' : 'nojs'} ${Date.now().toString(36)}`
    await signIn(page, 'root@vendor.test')
    await expect(page.getByText(/signed in as a platform administrator/)).toBeVisible()

    // Remove subscription: confirmed first; Cancel keeps it.
    const removeSubscription = page.getByRole('link', {
      name: new RegExp(`^Remove subscription .*\\(subscription ${own.subscriptionId}\\)$`),
    })
    await removeSubscription.click()
    const confirmSubscription = dialog(page, js, 'Remove Subscription', 'alertdialog')
    await expect(confirmSubscription).toContainText(`(${own.subscriptionId})`)
    await expectNoAxeViolations(page, 'Remove Subscription dialog')
    await confirmSubscription.getByRole('link', { name: 'Cancel' }).click()
    await expect(confirmSubscription).toHaveCount(0)
    await removeSubscription.click()
    await confirmSubscription.getByRole('button', { name: 'Remove Subscription' }).click()
    await expect(page).toHaveURL(/\/manage$/)
    await expect(removeSubscription).toHaveCount(0)

    // Remove license, reached by keyboard.
    const personal = page.getByRole('table', { name: 'Personal licenses' })
    const removeLicense = personal.getByRole('link', {
      name: new RegExp(`^Remove .*, order ${own.license.order}, key 1$`),
    })
    await tabTo(page, removeLicense)
    await page.keyboard.press('Enter')
    const confirmLicense = dialog(page, js, 'Remove License', 'alertdialog')
    await expect(confirmLicense).toContainText(`order ${own.license.order}, key 1`)
    await expectNoAxeViolations(page, 'Remove License dialog')
    await tabTo(page, confirmLicense.getByRole('button', { name: 'Remove License' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/manage$/)
    await expect(personal.getByRole('cell', { name: own.license.order, exact: true })).toHaveCount(0)

    // Merge companies: the name is required, then the merge is confirmed.
    await page.getByRole('link', { name: 'Merge companies' }).click()
    const merge = dialog(page, js, 'Merge Companies')
    await expect(merge).toBeVisible()
    await expectNoAxeViolations(page, 'Merge Companies dialog')
    await merge.getByRole('button', { name: 'Continue' }).click()
    await expect(merge.getByText('Company name must be provided.')).toBeVisible()
    await merge.getByRole('textbox', { name: 'Company name' }).fill(`  ${companyName}  `)
    await merge.getByRole('button', { name: 'Continue' }).click()
    await expect(merge.getByRole('alert')).toHaveText(
      new RegExp(`^Merge \\d+ licenses? into ${companyName}\\? This cannot be undone\\.$`),
    )
    await expectNoAxeViolations(page, 'Merge Companies confirmation')
    await merge.getByRole('button', { name: 'Merge' }).click()
    await expect(page).toHaveURL(/\/manage$/)

    const section = page.getByRole('region', { name: companyName, exact: true })
    await expect(section.getByRole('heading', { level: 2, name: companyName })).toBeVisible()
    await expect(section.getByRole('table', { name: `${companyName} licenses` })).toContainText(own.kept.order)
    expect(companyNamed(companyName)).toBeDefined()
    await expect(page.getByRole('table', { name: 'Personal licenses' })).toHaveCount(0)
  })

  test('the administrator actions are not offered to anyone else', async ({ page }) => {
    await signIn(page, 'olivia@acme.test')
    await expect(page.getByRole('link', { name: 'Merge companies' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Remove / })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Remove subscription/ })).toHaveCount(0)
    const response = await page.goto('/manage?dialog=merge')
    expect(response?.status()).toBe(404)
  })
})
