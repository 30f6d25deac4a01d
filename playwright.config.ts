import { defineConfig, devices, type ReporterDescription } from '@playwright/test'

// Browser tests drive the built server (`npm run build` first) on a fresh data folder; see scripts/e2e-server.mjs.
// They run on Debian's Chromium headless shell (installed by scripts/ensure-chromium.mjs), not on a Playwright browser
// download.
const port = Number(process.env.E2E_PORT || 3100)
// Two by default, each with a server and a database of its own; a third was no faster on two cores (decision 21).
const workers = Math.max(1, Number(process.env.E2E_WORKERS || 2))
const baseURL = `http://localhost:${port}`
const isCI = Boolean(process.env.CI)
const SERVER_TESTS = /(production-start|server-boundaries)\.spec\.ts$/

const chromium = {
  // "Desktop Chrome" gives a regular browser user agent; a "HeadlessChrome" one would be treated as a bot by the
  // server (isbot) and exercise a different rendering path from the one people get.
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium-headless-shell',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      // No internet: only loopback names resolve, so a request elsewhere fails its test. Intercepting requests instead
      // would turn the HTTP cache off.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
  },
}

const reporter: ReporterDescription[] = [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
if (isCI) reporter.push(['junit', { outputFile: 'test-results/junit.xml' }])
if (process.env.GITHUB_ACTIONS) reporter.push(['github'])

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: `test-results/artifacts-${port}`,
  // Each worker has its own server and database (port + worker index, see tests/e2e/fixtures.ts); a file's tests run
  // in order within one worker.
  workers,
  fullyParallel: false,
  retries: 0,
  forbidOnly: isCI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter,
  use: {
    baseURL,
    // Dates are rendered in UTC and in local time; the server runs with TZ=UTC (scripts/e2e-server.mjs) and the
    // browser does too, so what a test expects does not depend on the machine it runs on.
    locale: 'en-US',
    timezoneId: 'UTC',
    // Dialogs open without their animation, so nothing waits for one (nothing tested depends on motion).
    reducedMotion: 'reduce',
    // Recording a trace slows every test by about a fifth; a failure still leaves its screenshot and the server's
    // output. `E2E_TRACE=retain-on-failure` keeps a trace of each failing test.
    trace: process.env.E2E_TRACE === 'retain-on-failure' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'js', use: { ...chromium, javaScriptEnabled: true }, testIgnore: SERVER_TESTS },
    // A test tagged @once behaves the same with script on and off (its pages ship no script, it only sends requests or
    // starts servers): it runs with script on alone.
    { name: 'no-js', use: { ...chromium, javaScriptEnabled: false }, testIgnore: SERVER_TESTS, grepInvert: /@once/ },
    // The built server as an operator starts it, on ports of its own: no browser.
    { name: 'server', testMatch: SERVER_TESTS },
  ],
  // One server per worker, each on a fresh data folder of its own (scripts/e2e-server.mjs).
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'node scripts/e2e-server.mjs',
    // Ready once the port accepts connections: a broken page then fails its test with the server's error in the
    // output, instead of the whole run timing out while waiting for a 200.
    port: port + index,
    env: { E2E_PORT: String(port + index) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    // SIGTERM (not Playwright's default SIGKILL) lets e2e-server.mjs stop the server and remove its temp folder.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  })),
})
