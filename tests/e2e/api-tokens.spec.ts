import type { Locator, Page } from '@playwright/test'
import { apiProblemCodes, problemAnchor } from '../../protocol/api/api-v1'
import { apiTokenChanges } from '../../app/rules/changes'
import { apiTokenScopeMeanings, chooseAScope } from '../../protocol/api-tokens/api-tokens'
import { dialog, signInToManage } from './company-helpers'
import { expect, expectNoAxeViolations, expectNoScript, switchTheme, test } from './fixtures'

/** The sentence a change ends with, in the status region of the dialog it returns to. */
const sentence = (page: Page, where: Locator) =>
  where.getByRole('status').filter({ has: page.locator('.status-message__panel') })

const bearer = (secret: string) => ({ headers: { authorization: `Bearer ${secret}` } })

/** The secret from the dialog that shows it once, and that dialog left for the list. */
async function createdSecret(page: Page, js: boolean, name: string): Promise<string> {
  const created = dialog(page, js, 'API token created')
  const said = `The token ${name} was created. Copy it now: it is shown only this once.`
  await expect(created.getByRole('status').filter({ hasText: said })).toBeVisible()
  const secret = await created.getByRole('textbox', { name: 'API token' }).inputValue()
  expect(secret).toMatch(/^lp_api_[0-9A-Za-z]{43}$/)
  await expectNoAxeViolations(page, 'API token created')
  await created.getByRole('link', { name: 'Done' }).click()
  return secret
}

test.describe('API tokens', () => {
  test('carl creates a company token, sees it once, uses it against /api/v1, and revokes it', async ({ page, js }) => {
    // Two forms, a confirmation and five axe scans: without script each is a page load.
    test.slow()
    const name = `Onboarding ${js ? 'js' : 'nojs'}`
    await signInToManage(page, js, 'carl@globex.test')
    await page.getByRole('link', { name: 'API tokens for Globex' }).click()
    const tokens = dialog(page, js, 'API tokens')
    await expect(tokens.getByRole('link', { name: 'How to use a token' })).toHaveAttribute(
      'href',
      '/developers#authentication',
    )
    await expectNoAxeViolations(page, 'API tokens dialog')

    await tokens.getByRole('link', { name: 'Create API token' }).click()
    const create = dialog(page, js, 'Create API token')
    const scope = (label: string) => create.getByRole('checkbox', { name: label, exact: true })
    await expect(scope('Read')).toBeChecked()
    await expect(scope('Keys')).toHaveAccessibleDescription(apiTokenScopeMeanings.keys.allows)
    await scope('Read').uncheck()
    await create.getByRole('button', { name: 'Create' }).click()
    await expect(create.getByText('Enter a name for the token.')).toBeVisible()
    await expect(create.getByText(chooseAScope)).toBeVisible()
    await expect(create.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true')
    await expect(scope('Read')).not.toBeChecked()
    await expectNoAxeViolations(page, 'Create API token with an error')
    await create.getByRole('textbox', { name: 'Name' }).fill(name)
    for (const label of ['Read', 'Seats', 'Keys']) await scope(label).check()
    await create.getByRole('combobox', { name: 'Expires' }).selectOption('90')
    await create.getByRole('button', { name: 'Create' }).click()
    const secret = await createdSecret(page, js, name)

    // Listed without its secret, with its scopes; the secret is not on the page any more.
    const row = tokens.getByRole('row', { name: new RegExp(`^${name} `) })
    await expect(row).toContainText('read, seats and keys')
    await expect(row).toContainText('Never')
    expect(await page.content()).not.toContain(secret)

    const licenses = await page.request.get('/api/v1/companies/globex/licenses?limit=2', bearer(secret))
    expect(licenses.status()).toBe(200)
    expect(((await licenses.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0)
    await page.reload()
    await expect(row).not.toContainText('Never')

    await row.getByRole('link', { name: `Revoke ${name}` }).click()
    const confirm = dialog(page, js, 'Revoke API token', 'alertdialog')
    await expect(confirm).toContainText('This cannot be undone.')
    await expectNoAxeViolations(page, 'Revoke API token')
    await confirm.getByRole('button', { name: 'Revoke' }).click()
    await expect(sentence(page, tokens)).toContainText(apiTokenChanges.revoked(name))
    await expect(tokens.getByRole('row', { name: new RegExp(`^${name} `) })).toHaveCount(0)
    await expectNoAxeViolations(page, 'API tokens dialog after a revocation')

    const refused = await page.request.get('/api/v1/companies/globex/licenses', bearer(secret))
    expect(refused.status()).toBe(401)
    expect(((await refused.json()) as { code: string }).code).toBe('NOT_AUTHENTICATED')
  })

  test("pat makes a personal token that reads pat's own licenses", async ({ page, js }) => {
    const name = `Dotfiles ${js ? 'js' : 'nojs'}`
    await signInToManage(page, js, 'pat@personal.test')
    await page.getByRole('link', { name: 'Personal API tokens' }).click()
    const tokens = dialog(page, js, 'Personal API tokens')
    await tokens.getByRole('link', { name: 'Create API token' }).click()
    const create = dialog(page, js, 'Create API token')
    // A personal token reads, with the keys if asked: nothing else to choose.
    await expect(create.getByRole('checkbox')).toHaveCount(2)
    await expect(create.getByRole('checkbox', { name: 'Read' })).toBeChecked()
    await expectNoAxeViolations(page, 'Create personal API token')
    await create.getByRole('textbox', { name: 'Name' }).fill(name)
    await create.getByRole('button', { name: 'Create' }).click()
    const secret = await createdSecret(page, js, name)
    await expect(tokens.getByRole('row', { name: new RegExp(`^${name} `) })).toContainText('read')

    const mine = await page.request.get('/api/v1/me/licenses', bearer(secret))
    expect(mine.status()).toBe(200)
    expect(((await mine.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0)
    expect((await page.request.get('/api/v1/companies/globex/licenses', bearer(secret))).status()).toBe(404)
  })

  test('/developers: the reference reads in both themes, with an entry for every error code', async ({ page }) => {
    await page.goto('/developers')
    await expect(page.getByRole('heading', { level: 1, name: 'REST API v1' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'On this page' })).toBeVisible()
    for (const { code } of apiProblemCodes) {
      await expect(page.locator(`#${problemAnchor(code)}`)).toContainText(code)
    }
    await expect(
      page.getByText(/curl -X POST ".*\/api\/v1\/companies\/\$COMPANY_ID\/licenses\/\$LICENSE_ID\/assign"/),
    ).toBeVisible()
    await expectNoScript(page)
    await expectNoAxeViolations(page, '/developers (dark)')
    await switchTheme(page, 'light')
    await expect(page.locator('html')).toHaveClass(/light/)
    await expectNoAxeViolations(page, '/developers (light)')
    await switchTheme(page, 'dark')

    await expect(page.getByRole('link', { name: 'openapi.json', exact: true })).toHaveAttribute(
      'href',
      '/api/v1/openapi.json',
    )
    const document = await page.request.get('/api/v1/openapi.json')
    expect(document.status()).toBe(200)
    expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0')
  })
})
