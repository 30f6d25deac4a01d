import crypto from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import {
  dataDir,
  expect,
  expectNoAxeViolations,
  expectNoScript,
  requestSignInLink,
  SIGN_IN_LINK_SENT,
  signIn,
  signInByLink,
  switchTheme,
  test,
} from './fixtures'
import { signInThrough } from './instances-helpers'
import { startServer, stop } from './server-helpers'

test.describe('sign-in by emailed link', () => {
  test('olivia signs in through the outbox link and sees Acme Corp’s licenses in the spec’s order', async ({
    page,
  }) => {
    await signInByLink(page, 'olivia@acme.test')
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Licenses' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Acme Corp' })).toBeVisible()

    const table = page.getByRole('table', { name: 'Acme Corp licenses' })
    const products = await table.getByRole('rowheader').allInnerTexts()
    expect(products.length).toBeGreaterThanOrEqual(25)
    // Spec §4: bundle, then wallaby, then others (no Open Source license in Acme's list).
    const rank = (name: string) => (name.includes('Wallaby.js + Quokka.js') ? 1 : name.startsWith('Wallaby.js') ? 2 : 3)
    const ranks = products.map(rank)
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    expect(new Set(ranks)).toEqual(new Set([1, 2, 3]))
  })

  test('the link works once: opened again signed out, it says it was used and offers a new one for its address', async ({
    page,
    browser,
  }) => {
    const link = await signInByLink(page, 'max@acme.test')
    const other = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled })
    const otherPage = await other.newPage()
    await otherPage.goto(link)
    // The link never stays in the address bar: the sign-in page explains what happened.
    await expect(otherPage).toHaveURL(/\/$/)
    await expect(otherPage.getByRole('heading', { name: 'This sign-in link has already been used' })).toBeVisible()
    await expect(otherPage.getByText('Each sign-in link works once. Send yourself a new link below.')).toBeVisible()
    await expect(otherPage.getByText('Your session is not valid.')).toHaveCount(0)
    const email = otherPage.getByRole('textbox', { name: 'Email', exact: true })
    await expect(email).toHaveValue('max@acme.test')
    await expectNoAxeViolations(otherPage, 'a used sign-in link')
    await otherPage.getByRole('button', { name: 'Send Link' }).click()
    await expect(otherPage.getByText(SIGN_IN_LINK_SENT)).toBeVisible()
    await expect(otherPage).toHaveURL(/\/$/)
    await other.close()
    // In the browser it signed in, the same link again just goes back to /manage.
    await page.goto(link)
    await expect(page).toHaveURL(/\/manage$/)
  })

  test('an expired link says so and offers a new one for its address; a cut-short one says it is not valid', async ({
    page,
  }) => {
    // A correctly signed token issued 25 hours ago, recorded as the service records the links it mails (the service's
    // secret and store are in the data folder).
    const secret = readFileSync(path.join(dataDir(), 'service-secret'), 'utf8').trim()
    const issuedAt = Date.now() - 25 * 3600_000
    const jti = `expired-${test.info().project.name}-${Date.now()}`
    const db = new Database(path.join(dataDir(), 'licensing.db'))
    db.pragma('busy_timeout = 5000')
    db.prepare(
      "insert into tokens (id, purpose, email, data, issued_at, used_at) values (?, 'login', 'pat@personal.test', null, ?, null)",
    ).run(jti, issuedAt)
    db.close()
    const body = Buffer.from(JSON.stringify({ jti, p: 'login', iat: issuedAt })).toString('base64url')
    const signature = crypto.createHmac('sha256', secret).update(body).digest('base64url')
    await page.goto(`/manage/${body}.${signature}`)
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { name: 'This sign-in link has expired' })).toBeVisible()
    await expect(page.getByText('Sign-in links work for 24 hours. Send yourself a new link below.')).toBeVisible()
    await expect(page.getByText('You will now be logged out.')).toHaveCount(0)
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('pat@personal.test')
    await expectNoAxeViolations(page, 'an expired sign-in link')

    // Cut short when copied: not a link of ours, so no address to offer.
    await page.goto(`/manage/${body}.${signature.slice(0, 10)}`)
    await expect(page.getByRole('heading', { name: 'This sign-in link is not valid' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('')
    // The explanation is said once: a reload shows the plain sign-in page.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'This sign-in link is not valid' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Send Link' })).toBeVisible()
  })

  test('NO_LOGON_LINK and NO_USER lock Send Link until the address is edited', async ({ page, js }) => {
    await page.goto('/')
    const email = page.getByRole('textbox', { name: 'Email', exact: true })
    const send = page.getByRole('button', { name: 'Send Link' })
    await email.fill('gita@github.test')
    await send.click()
    await expect(
      page.getByText(
        'The email address is not allowed to authenticate using an email link; please use another method below.',
      ),
    ).toBeVisible()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    if (js) {
      await expect(send).toBeDisabled()
      await email.fill('nobody@example.test')
      await expect(send).toBeEnabled()
    } else {
      // Without script the server refuses the same address again with the same message.
      await email.fill('nobody@example.test')
    }
    await send.click()
    await expect(page.getByText('The email address provided is not the owner of any licenses.')).toBeVisible()
    // The refusal says what to do next: another address, the administrator, or the shop.
    await expect(page.getByRole('link', { name: 'buy a license in the shop' })).toHaveAttribute('href', '/shop/')
    // The form answers on "/" itself (post/redirect/get): never "/?index" in the address bar, script on or off.
    expect(new URL(page.url()).search).toBe('')
    await expect(email).toHaveValue('nobody@example.test')
  })

  test('an empty or malformed address gets the spec’s messages', async ({ page }) => {
    await page.goto('/')
    const email = page.getByRole('textbox', { name: 'Email', exact: true })
    await page.getByRole('button', { name: 'Send Link' }).click()
    await expect(page.getByText('Email address must be provided.')).toBeVisible()
    await email.fill('not an email')
    await page.getByRole('button', { name: 'Send Link' }).click()
    await expect(page.getByText('Email address is not valid.')).toBeVisible()
    // What was typed stays, and the address bar stays "/".
    await expect(email).toHaveValue('not an email')
    expect(new URL(page.url()).search).toBe('')
  })

  test('the email field is prefilled from ?email=', async ({ page }) => {
    await page.goto('/?email=pat%40personal.test')
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('pat@personal.test')
  })
})

test.describe('the shared frame and /manage', () => {
  test('theme toggle switches dark and light and is remembered', async ({ page }) => {
    await page.goto('/help/')
    // The help page ships no script: the toggle is a plain post that comes back to it.
    await expectNoScript(page)
    const html = page.locator('html')
    await expect(html).toHaveClass(/dark/)
    await switchTheme(page, 'light')
    await expect(html).toHaveClass(/light/)
    await expect(page).toHaveURL(/\/help\/?$/)
    await page.reload()
    await expect(html).toHaveClass(/light/)
    await switchTheme(page, 'dark')
    await expect(html).toHaveClass(/dark/)
  })

  test('the welcome banner is dismissed for good', async ({ page }) => {
    await signIn(page, 'rita@reseller.test')
    const welcome = page.getByRole('region', { name: 'Welcome' })
    await expect(welcome).toBeVisible()
    await welcome.getByRole('button', { name: /show this again/ }).click()
    await expect(page.getByRole('region', { name: 'Welcome' })).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Globex', exact: true })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Welcome' })).toHaveCount(0)
  })

  test('pat sees the expiry warning, the personal licenses, and the inactive-subscription link works', async ({
    page,
  }) => {
    await signIn(page, 'pat@personal.test')
    await expect(page.getByRole('region', { name: 'Expiry warning' })).toContainText('to get the full renewal discount')
    await expect(page.getByRole('region', { name: 'Expiry warning' })).toContainText('expired more than 60 days ago')
    const table = page.getByRole('table', { name: 'Personal licenses' })
    // Open Source first (spec §4).
    await expect(table.getByRole('rowheader').first()).toContainText('Open Source')
  })

  test('olivia can show and hide inactive subscriptions', async ({ page }) => {
    await signIn(page, 'olivia@acme.test')
    await page.getByRole('link', { name: 'Show inactive subscriptions' }).click()
    await expect(page).toHaveURL(/inactive=show/)
    await expect(page.getByRole('link', { name: 'Hide inactive subscriptions' })).toBeVisible()
  })

  test('the platform administrator sees the administrator notice', async ({ page }) => {
    await signIn(page, 'root@vendor.test')
    await expect(page.getByText(/signed in as a platform administrator/)).toBeVisible()
  })

  test('Log Out ends the session', async ({ page }) => {
    await signIn(page, 'pat@personal.test')
    // With the avatar service off (as with it unreachable) the avatar is the account's initials, never a broken image.
    const toggle = page.locator('summary').filter({ hasText: 'Account menu for pat@personal.test' })
    await expect(toggle.locator('.user-menu__initials')).toHaveText('P')
    await expect(toggle.locator('img')).toHaveCount(0)
    await toggle.click()
    await page.getByRole('button', { name: 'Log Out' }).click()
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/manage')
    await expect(page).toHaveURL(/\/$/)
  })

  test('with the avatar service unreachable the avatar is the initials, never a broken image', async ({
    page,
    consoleErrors,
  }) => {
    // A server of its own that asks the service (the suite's asks none); the browser resolves no outside name.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-avatar-'))
    const server = startServer({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      AVATAR_SERVICE: 'gravatar',
      JOBS_INTERVAL_SECONDS: '0',
    })
    try {
      consoleErrors.allow(/ERR_NAME_NOT_RESOLVED/)
      const pictureFailed = page.waitForEvent('requestfailed', (r) => r.url().startsWith('https://www.gravatar.com/'))
      await signInThrough(page, `http://localhost:${await server.port}`, 'pat@personal.test')
      await pictureFailed
      const toggle = page.locator('summary').filter({ hasText: 'Account menu for pat@personal.test' })
      await expect(toggle.locator('.user-menu__picture')).toHaveAttribute('style', /gravatar\.com\/avatar\//)
      await expect(toggle.locator('.user-menu__initials')).toHaveText('P')
      await expect(toggle.locator('.user-menu__initials')).toBeVisible()
      await expect(page.getByRole('banner').locator('img')).toHaveCount(0)
    } finally {
      // The page leaves first: a chunk it fetches later would otherwise meet a stopped server.
      await page.goto('about:blank')
      await stop(server)
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  test(
    'unknown paths: a not-found page; deeper paths in the account area go to /',
    { tag: '@once' },
    async ({ page }) => {
      const response = await page.goto('/no/such/page')
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
      await expectNoScript(page)
      const signInPage = await page.goto('/manage/a/b')
      await expect(page).toHaveURL(/\/$/)
      // The sign-in page has a form to check as it is typed: it keeps its script. Read from the document as served:
      // once React has taken the page over, Remix's module scripts are no longer in the DOM.
      expect(await signInPage?.text()).toMatch(/<script[^>]*type="module"/)
    },
  )
})

test.describe('accessibility', () => {
  for (const theme of ['dark', 'light'] as const) {
    test(`no axe violations on /, /help and /manage in the ${theme} theme`, async ({ page }) => {
      await signIn(page, 'olivia@acme.test')
      // The preference cookie as the toggle writes it.
      if (theme === 'light') {
        await page.goto('/help/')
        await switchTheme(page, 'light')
        await expect(page.locator('html')).toHaveClass(/light/)
      }
      for (const url of ['/', '/help/', '/manage']) {
        await page.goto(url)
        await expect(page.locator('html')).toHaveClass(new RegExp(theme))
        await expectNoAxeViolations(page, `${url} (${theme})`)
      }
    })
  }

  test('the outbox link request flow works from the sign-in page', async ({ page }) => {
    const link = await requestSignInLink(page, 'rita@reseller.test')
    expect(link).toMatch(/\/manage\/[\w-]+\.[\w-]+$/)
  })
})
