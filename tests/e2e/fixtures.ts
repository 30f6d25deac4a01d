// The browser tests' shared harness. Import `test` and `expect` from here, never from '@playwright/test':
//
//   import { test, expect, signIn, expectNoAxeViolations } from './fixtures'
//
//   test('…', async ({ page, js }) => { await signIn(page, 'olivia@acme.test'); … })
//
// Every test fails when a page logs console.error or throws an uncaught error (see `consoleErrors`). Each test runs in
// both projects of playwright.config.ts, `js` (script on) and `no-js` (javaScriptEnabled: false), but for one tagged
// `@once` (`test('…', { tag: '@once' }, …)`), whose behaviour cannot depend on script: it runs in `js` alone.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

import AxeBuilder from '@axe-core/playwright'
import { AXE_SCANNED_DIR } from './global-setup'
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test'

export { expect }

/** The sign-in page's success text (spec §8, "Sign-in form"). */
export const SIGN_IN_LINK_SENT = "Please log in using the link we've sent to your email (check junk/spam)."

/** The WCAG levels every page is scanned against. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

// Each Playwright worker has a server (and so a database) of its own: worker N talks to port E2E_PORT + N (see
// playwright.config.ts), so tests of different workers never see each other's changes.
const BASE_PORT = Number(process.env.E2E_PORT || 3100)

/** The port of the server the current worker's tests run against. */
function workerPort(): number {
  return BASE_PORT + test.info().parallelIndex
}

/** The origin of the server under test for the current worker, e.g. `http://localhost:3101`. */
export function serverURL(): string {
  return `http://localhost:${workerPort()}`
}

// One file per port, so servers (and engineers running their suites on different ports) do not read each other's.
const dataDirFile = () => fileURLToPath(new URL(`../../test-results/e2e-data-dir-${workerPort()}.txt`, import.meta.url))

export type ConsoleErrors = {
  /**
   * Every console.error and uncaught page error seen so far in this test's browser context, allowed or not. The
   * test fails at its end if any is left after the allowed patterns and the error-status documents (see below).
   */
  readonly messages: readonly string[]
  /**
   * Accepts console errors matching `pattern` (a substring or a RegExp) for the rest of this test, for a test that
   * provokes one on purpose (for example a fetch that answers 404 with script on).
   */
  allow(pattern: string | RegExp): void
}

type HarnessOptions = {
  /** Console errors a whole file or describe block expects: `test.use({ allowedConsoleErrors: [/status of 404/] })`. */
  allowedConsoleErrors: (string | RegExp)[]
}

type HarnessFixtures = {
  /** Whether the current project runs page scripts (project `js`) or not (project `no-js`). */
  js: boolean
  /** Auto fixture: collects console.error and page errors of every page in the test's context; fails the test on any. */
  consoleErrors: ConsoleErrors
}

export const test = base.extend<HarnessFixtures & HarnessOptions>({
  allowedConsoleErrors: [[], { option: true }],

  // The worker's own server (overrides the config's `use.baseURL`, which names worker 0's).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads which fixtures a fixture needs from this pattern
  baseURL: async ({}, use) => {
    await use(serverURL())
  },

  js: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false)
  },

  consoleErrors: [
    async ({ context, allowedConsoleErrors }, use) => {
      const messages: string[] = []
      const allowed = [...allowedConsoleErrors]
      // Chromium logs "Failed to load resource: … status of 404" for a page answered with an error status. A test
      // that opens a not-found or error page checks that status itself, so those lines alone are not held against
      // it; a failed script, stylesheet or fetch still is.
      const documentsWithErrorStatus = new Set<string>()
      const resourceFailures = new Map<string, string>()

      context.on('response', (response) => {
        const request = response.request()
        const status = response.status()
        if (status >= 400 && request.isNavigationRequest()) documentsWithErrorStatus.add(response.url())
        // With script, a form post is a fetch to the route's action; a refusal it answers with a client-error status
        // (a validation message, a locked sign-in) is the outcome the test checks on the page, like a document's.
        if (status >= 400 && status < 500 && request.method() === 'POST' && response.headers()['x-remix-response']) {
          documentsWithErrorStatus.add(response.url())
        }
      })
      context.on('console', (message) => {
        if (message.type() !== 'error') return
        const { url, lineNumber } = message.location()
        const where = url ? ` (${url}${lineNumber ? `:${lineNumber}` : ''})` : ''
        const text = `console.error: ${message.text()}${where}`
        messages.push(text)
        if (url && message.text().startsWith('Failed to load resource: the server responded with a status of')) {
          resourceFailures.set(text, url)
        }
      })
      context.on('weberror', (webError) => {
        const error = webError.error()
        const stack = (error.stack ?? '').split('\n').slice(1, 4).join('\n')
        const page = webError.page()
        messages.push(
          `uncaught ${error.name}: ${error.message}${page ? ` on ${page.url()}` : ''}${stack ? `\n${stack}` : ''}`,
        )
      })

      await use({
        messages,
        allow: (pattern) => {
          allowed.push(pattern)
        },
      })

      const isDocumentStatus = (text: string) => documentsWithErrorStatus.has(resourceFailures.get(text) ?? '')
      const isAllowed = (text: string) =>
        allowed.some((pattern) => (typeof pattern === 'string' ? text.includes(pattern) : text.search(pattern) !== -1))
      const unexpected = messages.filter((text) => !isDocumentStatus(text) && !isAllowed(text))
      expect(unexpected, 'the page logged console errors or threw uncaught errors').toEqual([])
    },
    { auto: true },
  ],
})

/**
 * The data folder (DATA_DIR) of the server under test: a fresh temporary folder per run, created by
 * scripts/e2e-server.mjs. Tests read the server's secrets and keys from it.
 */
export function dataDir(): string {
  const DATA_DIR_FILE = dataDirFile()
  if (!existsSync(DATA_DIR_FILE)) {
    throw new Error(
      `${DATA_DIR_FILE} does not exist: the server under test is started by \`playwright test\` through ` +
        `config.webServer (scripts/e2e-server.mjs), which writes it.`,
    )
  }
  const dir = readFileSync(DATA_DIR_FILE, 'utf8').trim()
  if (!dir || !existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(`${DATA_DIR_FILE} names "${dir}", which is not an existing folder`)
  }
  return dir
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Asks for a sign-in link for `email` on `/` and returns the link from the newest mail to that address in the
 * development outbox (`/dev/outbox`), as an absolute URL. Leaves the page on the outbox.
 */
export async function requestSignInLink(page: Page, email: string): Promise<string> {
  return test.step(
    `request a sign-in link for ${email}`,
    async () => {
      await page.goto('/')
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
      await page.getByRole('button', { name: 'Send Link', exact: true }).click()
      await expect(page.getByText(SIGN_IN_LINK_SENT).filter({ visible: true }).first()).toBeVisible()

      await page.goto('/dev/outbox')
      // Newest first; the colon ends the address, so a@x.test never matches a mail to a@x.testing.
      const mail = page.getByRole('article', { name: new RegExp(`^Mail to ${escapeRegExp(email)}:`) }).first()
      await expect(mail, `a mail to ${email} in /dev/outbox`).toBeVisible()
      const link = mail.getByRole('link').first()
      await expect(link, `a link in the newest mail to ${email}`).toBeVisible()
      const href = await link.getAttribute('href')
      if (!href) throw new Error(`the first link in the newest mail to ${email} has no href`)
      return new URL(href, page.url()).toString()
    },
    { box: true },
  )
}

/**
 * The sign-in form's post and the outbox read over HTTP, through the page's own request context (same cookies), so
 * that tests which only need a signed-in page spend one navigation on it. The form itself is exercised by
 * `requestSignInLink` and the sign-in tests.
 */
async function postSignInLink(page: Page, email: string): Promise<string> {
  const form = await page.request.get('/').then((r) => r.text())
  // The honeypot's fields, as the page rendered them (one of them carries an encrypted timestamp).
  const honeypot = [...form.matchAll(/<input[^>]*name="([a-z_]+__confirm)"[^>]*>/g)].map(
    (m) => [m[1], m[0].match(/value="([^"]*)"/)?.[1] ?? ''] as const,
  )
  const sent = await page.request.post('/?index', {
    form: Object.fromEntries([['intent', 'link'], ['email', email], ...honeypot]),
    headers: { Origin: new URL(page.url() === 'about:blank' ? serverURL() : page.url()).origin },
  })
  expect(sent.status(), `the sign-in link for ${email} was sent`).toBe(200)
  const outbox = await page.request.get('/dev/outbox').then((r) => r.text())
  const article = outbox.split('<article').find((a) => a.includes(`aria-label="Mail to ${email}:`))
  const href = article?.match(/href="([^"]+)"/)?.[1]
  if (!href) throw new Error(`no sign-in link for ${email} in the outbox`)
  return new URL(href.replace(/&amp;/g, '&'), serverURL()).toString()
}

/**
 * Signs in as `email` by the emailed link, as a person would: sends the link from `/`, opens it from the outbox and
 * waits until the portal has exchanged it and landed on `/manage`. Works with script on and off. Returns the link.
 * For a test about signing in; a test that only needs someone signed in calls `signIn`.
 */
export async function signInByLink(page: Page, email: string): Promise<string> {
  return test.step(
    `sign in as ${email} by the emailed link`,
    async () => {
      const link = await postSignInLink(page, email)
      await page.goto(link)
      await page.waitForURL((url) => url.pathname === '/manage' || url.pathname === '/manage/')
      sessions.set(
        `${serverURL()} ${email}`,
        (await page.context().cookies()).filter((c) => c.name === SESSION_COOKIE),
      )
      return link
    },
    { box: true },
  )
}

// The worker's sessions by server and address: the session cookie alone (preferences stay each test's own).
const SESSION_COOKIE = '__session'
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['cookies']>>>()

/**
 * Lands on `/manage` signed in as `email`: with the session an earlier test of this worker made for that address when
 * it is still valid, else by the emailed link (`signInByLink`). A session that ended (Log Out, an email change) leaves
 * `/manage` without the account menu, and the link is taken then.
 */
export async function signIn(page: Page, email: string): Promise<void> {
  const kept = sessions.get(`${serverURL()} ${email}`)
  if (kept) {
    const reused = await test.step(
      `sign in as ${email} with this worker's session`,
      async () => {
        await page.context().addCookies(kept)
        await page.goto('/manage')
        const { pathname } = new URL(page.url())
        if (pathname !== '/manage' && pathname !== '/manage/') return false
        // A session the service no longer honours is ended on the page (spec §8): the account menu is then missing.
        return (
          (await page
            .locator('summary')
            .filter({ hasText: `Account menu for ${email}` })
            .count()) > 0
        )
      },
      { box: true },
    )
    if (reused) return
  }
  await signInByLink(page, email)
}

/**
 * A page with nothing to do in the browser names no script, script on or off (decision 20): no script element and no
 * module to preload. Its forms are plain posts then, as without script.
 */
export async function expectNoScript(page: Page) {
  await expect(page.locator('script, link[rel="modulepreload"]'), `script on ${page.url()}`).toHaveCount(0)
}

/** Clicks the theme toggle and waits for the server's answer (with script the toggle is a fetcher post). */
export async function switchTheme(page: Page, theme: 'dark' | 'light') {
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/theme' && r.request().method() === 'POST'),
    page.getByRole('button', { name: `Switch to ${theme} theme` }).click(),
  ])
}

// axe schedules its work with setTimeout. In a page without script (project `no-js`) Chromium runs no web API
// callback (timers, queueMicrotask, observers) of code evaluated by the test, only promise reactions, so a plain scan
// there hangs. This prelude, evaluated before axe's source, gives such a document (and only such a one: it checks the
// `scripting` media feature) timers that run as promise reactions; long timeouts are axe's guards for frames and
// preloads, which have nothing to guard in such a page, and never fire. The page's DOM and styles stay untouched.
const NO_SCRIPT_TIMERS = `(() => {
  if (!window.matchMedia('(scripting: none)').matches || window.__axeNoScriptTimers) return
  window.__axeNoScriptTimers = true
  const pending = new Set()
  let nextId = 1
  window.setTimeout = (callback, delay = 0, ...args) => {
    const id = nextId++
    if (Number(delay) > 50) return id
    pending.add(id)
    Promise.resolve().then(() => {
      if (pending.delete(id) && typeof callback === 'function') callback(...args)
    })
    return id
  }
  window.clearTimeout = (id) => {
    pending.delete(id)
  }
})();
`
const axeCoreSource = () => {
  // axe-core is resolved from @axe-core/playwright, so that the scan uses the very copy that package would use.
  const require = createRequire(import.meta.url)
  const axeCore = createRequire(require.resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js')
  return readFileSync(axeCore, 'utf8')
}
let axeSource: string | undefined

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]

function describeViolation(violation: AxeViolation): string {
  // A target is a CSS selector per frame; a selector inside shadow DOM is a list (host first).
  const targets = violation.nodes.map((node) =>
    node.target.map((part) => (typeof part === 'string' ? part : part.join(' >>> '))).join(' | '),
  )
  return `${violation.id} [${violation.impact ?? 'unknown impact'}]: ${violation.help} (${violation.helpUrl}) at ${targets.join(', ')}`
}

/**
 * What an axe scan's result depends on: the document (script bodies and hidden inputs' values aside, which nothing
 * renders), the window's size, the scroll position and the focused element. The same state scanned twice gives the
 * same result, so a state another test or the other project scanned already is not scanned again. A dialog open with
 * script on (focus trapped, the page behind made inert) is always scanned. Null: scan.
 */
async function pageState(page: Page): Promise<string | null> {
  const state = await page.evaluate(() => {
    const scripting = !window.matchMedia('(scripting: none)').matches
    if (scripting && document.querySelector('[role="dialog"], [role="alertdialog"]')) return null
    const copy = document.documentElement.cloneNode(true) as HTMLElement
    copy.querySelectorAll('script').forEach((script) => (script.textContent = ''))
    copy.querySelectorAll('input[type="hidden"]').forEach((input) => input.removeAttribute('value'))
    const focusPath: number[] = []
    for (let el = document.activeElement; el?.parentElement; el = el.parentElement) {
      focusPath.push([...el.parentElement.children].indexOf(el))
    }
    return JSON.stringify([copy.outerHTML, innerWidth, innerHeight, scrollX, scrollY, focusPath])
  })
  return state === null ? null : createHash('sha256').update(state).digest('hex')
}

/**
 * Scans the page with axe (WCAG 2.0/2.1 A and AA) and fails with one line per violation: rule id, impact, help text
 * and the offending elements. The full axe report is attached to the test when it fails. The page is scanned at rest:
 * loaded, and with the pointer moved off whatever the last click left hovered (`keepPointer` scans a hover state on
 * purpose).
 */
export async function expectNoAxeViolations(
  page: Page,
  label?: string,
  { keepPointer = false }: { keepPointer?: boolean } = {},
): Promise<void> {
  const name = label ?? new URL(page.url()).pathname
  await test.step(
    `axe scan: ${name}`,
    async () => {
      axeSource ??= NO_SCRIPT_TIMERS + axeCoreSource()
      // After a click or a redirect chain (a form posted without script navigates) the new document can be queried
      // before its stylesheets have arrived, and colours measured then are not the ones people see.
      await page.waitForLoadState('load')
      if (!keepPointer) await page.mouse.move(0, 0)
      // A hover state is not in the document: scanned every time.
      const state = keepPointer ? null : await pageState(page)
      const marker = state && `${AXE_SCANNED_DIR}${state}`
      if (marker && existsSync(marker)) {
        test
          .info()
          .annotations.push({ type: 'axe', description: `${name}: this page state passed already in this run` })
        return
      }
      const { violations } = await new AxeBuilder({ page, axeSource }).withTags(AXE_TAGS).analyze()
      if (violations.length > 0) {
        await test.info().attach(`axe violations (${name})`, {
          body: JSON.stringify(violations, null, 2),
          contentType: 'application/json',
        })
      }
      expect(violations.map(describeViolation), `axe violations on ${name}`).toEqual([])
      if (marker) {
        mkdirSync(AXE_SCANNED_DIR, { recursive: true })
        writeFileSync(marker, `${name}\n`)
      }
    },
    { box: true },
  )
}
