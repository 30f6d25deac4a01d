import Database from 'better-sqlite3'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { companySignInRequiredMessage } from '../../protocol/company-sign-in/company-sign-in'
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider'
import { dialog, signInToManage } from './company-helpers'
import { dataDir, expect, expectNoAxeViolations, serverURL, test } from './fixtures'

// The company's provider: a real oidc-provider on loopback, on the server's port + 10000 (the server allows loopback
// issuers with its development tools on, as scripts/e2e-server.mjs runs it).
const PROVIDER_PORT_OFFSET = 10_000
// The provider's pages ask for a web font (no internet here) and have no favicon. One pattern: Playwright reads a
// two-element array here as a value and its options.
test.use({ allowedConsoleErrors: [/fonts\.googleapis\.com|127\.0\.0\.1:\d+\/favicon\.ico/] })
let idp: TestOidcProvider
test.beforeAll(async () => {
  const port = Number(new URL(serverURL()).port) + PROVIDER_PORT_OFFSET
  idp = await startOidcProvider({ redirectUris: [`${serverURL()}/auth/company/`], port })
})
test.afterAll(async () => {
  removeCompanySignIn('acme')
  await idp.close()
})

/** Takes a company's sign-in away in the store, so that the other project and later specs sign in by email again. */
function removeCompanySignIn(company: string): void {
  const db = new Database(path.join(dataDir(), 'licensing.db'))
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare('delete from company_sign_in where company_id = ?').run(company)
  } finally {
    db.close()
  }
}

/** The sentence a change ends with, in the status region of the dialog it returns to. */
const sentence = (page: Page, where: Locator) =>
  where.getByRole('status').filter({ has: page.locator('.status-message__panel') })

test.describe('company sign-in', () => {
  test('olivia sets up Acme Corp’s single sign-on and requires it; max is refused an email link and signs in through the provider', async ({
    page,
    js,
  }) => {
    // Two refusals, a save and three pages at the provider: without script each is a page load.
    test.slow()
    await signInToManage(page, js, 'olivia@acme.test')
    await page.getByRole('link', { name: 'Single Sign-On for Acme Corp' }).click()
    const sso = dialog(page, js, 'Single Sign-On')
    await expect(sso.getByText(`${serverURL()}/auth/company/`)).toBeVisible()
    await expectNoAxeViolations(page, 'Single Sign-On dialog')

    const issuer = sso.getByRole('textbox', { name: 'Issuer' })
    await sso.getByRole('button', { name: 'Save' }).click()
    await expect(sso.getByText('Issuer must be provided.')).toBeVisible()
    await expect(issuer).toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(page, 'Single Sign-On dialog with errors')

    // A wrong issuer: the discovery document is read when saved, and the issuer field says what failed.
    await issuer.fill(`${idp.issuer}/wrong`)
    await sso.getByRole('textbox', { name: 'Client ID' }).fill(idp.clientId)
    await sso.getByLabel('Client secret').fill(idp.clientSecret)
    await sso.getByRole('button', { name: 'Save' }).click()
    await expect(
      sso.getByText(
        `The portal tried to read the issuer's discovery document at ${idp.issuer}/wrong/.well-known/openid-configuration, and it answered HTTP 404`,
        { exact: false },
      ),
    ).toBeVisible()
    await expect(sso.getByRole('textbox', { name: 'Issuer' })).toHaveValue(`${idp.issuer}/wrong`)
    // The secret typed is never sent back: without script it is asked for again (with script it stays as typed).
    if (!js) await expect(sso.getByLabel('Client secret')).toHaveValue('')
    await expectNoAxeViolations(page, 'Single Sign-On dialog with a wrong issuer')

    await sso.getByRole('textbox', { name: 'Issuer' }).fill(idp.issuer)
    await sso.getByLabel('Client secret').fill(idp.clientSecret)
    await sso.getByRole('checkbox', { name: /^Require single sign-on for people at acme\.test/ }).check()
    await sso.getByRole('button', { name: 'Save' }).click()
    await expect(sentence(page, sso)).toContainText(
      'Saved single sign-on for Acme Corp. People at its verified domains must now sign in with it.',
    )
    await expect(sso.getByText('Set. Leave this empty to keep it, or type a new one.')).toBeVisible()
    await expect(page.locator('body')).not.toContainText(idp.clientSecret)
    await expectNoAxeViolations(page, 'Single Sign-On dialog after saving')

    // Max, at acme.test, signed out: an email link is refused, saying how to sign in.
    await page.context().clearCookies()
    await page.goto('/')
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('max@acme.test')
    await page.getByRole('button', { name: 'Send Link', exact: true }).click()
    await expect(page.getByText(companySignInRequiredMessage('Acme Corp', 'acme.test'))).toBeVisible()
    await expectNoAxeViolations(page, 'sign-in page refusing an email link')

    // The provider's own development pages (not ours, so not scanned): any login, then consent.
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click()
    await expect(page.locator('input[name="login"]')).toBeVisible()
    expect(new URL(page.url()).origin).toBe(idp.issuer)
    await page.locator('input[name="login"]').fill('max@acme.test')
    await page.locator('input[name="password"]').fill('any')
    await page.locator('button[type="submit"]').click()
    await page.locator('button[type="submit"]').click()
    await page.waitForURL((url) => url.pathname === '/manage' || url.pathname === '/manage/')
    await expect(page.getByText('max@acme.test').first()).toBeVisible()
    await expectNoAxeViolations(page, '/manage after company sign-in')
  })
})
