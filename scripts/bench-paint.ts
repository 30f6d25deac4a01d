// The bench's PAINT lines: first contentful paint on DevTools' Slow and Fast 3G, each theme, empty cache, median of
// three, and the bytes before it. Measured, not asserted: the goals are 2.6 s and 0.9 s.
import { chromium, type Browser } from '@playwright/test'

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium-headless-shell'

/** DevTools' presets (its throughput already scaled as DevTools scales it): bytes a second, milliseconds. */
const PRESETS = [
  { name: 'Slow 3G', goal: 2600, latency: 2000, download: (500 * 1000 * 0.8) / 8, upload: (500 * 1000 * 0.8) / 8 },
  {
    name: 'Fast 3G',
    goal: 900,
    latency: 562.5,
    download: (1.6 * 1000 * 1000 * 0.9) / 8,
    upload: (750 * 1000 * 0.9) / 8,
  },
]

/** The pages of the goal; `/manage` as Acme's administrator (olivia@acme.test), a dialog opened by its address. */
const PAINT_PAGES: { pathname: string; signedIn?: boolean }[] = [
  { pathname: '/' },
  { pathname: '/help/' },
  { pathname: '/shop/wallaby/buy/' },
  { pathname: '/manage', signedIn: true },
  { pathname: '/manage?dialog=account-settings', signedIn: true },
]

type Paint = { fcp: number; bytes: number }

async function measure(
  browser: Browser,
  url: URL,
  cookies: { name: string; value: string }[],
  preset: (typeof PRESETS)[number],
): Promise<Paint> {
  const context = await browser.newContext()
  try {
    await context.addCookies(cookies.map((cookie) => ({ ...cookie, domain: url.hostname, path: '/' })))
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: preset.latency,
      downloadThroughput: preset.download,
      uploadThroughput: preset.upload,
    })
    // The paint is awaited, not the load: on Slow 3G a page's scripts arrive long after it.
    await page.goto(url.href, { waitUntil: 'commit', timeout: 120_000 })
    return await page.evaluate(async () => {
      const paint = await new Promise<number>((resolve) => {
        const seen = performance.getEntriesByName('first-contentful-paint')[0]
        if (seen) resolve(seen.startTime)
        else
          new PerformanceObserver((list) => resolve(list.getEntries()[0]!.startTime)).observe({
            type: 'paint',
            buffered: true,
          })
      })
      // The document's size is known once it has all arrived (before that its entry counts only the headers).
      if (document.readyState === 'loading')
        await new Promise((resolve) => document.addEventListener('readystatechange', resolve, { once: true }))
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ] as PerformanceResourceTiming[]
      // The document counts whole: it streams, and its shell is what paints.
      const bytes = entries
        .filter((entry) => entry.entryType === 'navigation' || entry.responseEnd <= paint)
        .reduce((sum, entry) => sum + entry.transferSize, 0)
      return { fcp: paint, bytes }
    })
  } finally {
    await context.close()
  }
}

export async function paintLines(base: string, session: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM })
  const lines: string[] = []
  try {
    for (const { pathname, signedIn } of PAINT_PAGES)
      for (const theme of ['dark', 'light'] as const) {
        const url = new URL(pathname, base)
        const cookies = [await themeCookie(base, theme)]
        if (signedIn) cookies.push(parseCookie(session))
        const shown = []
        for (const preset of PRESETS) {
          const runs: Paint[] = []
          for (let run = 0; run < 3; run++) runs.push(await measure(browser, url, cookies, preset))
          const { fcp, bytes } = runs.sort((a, b) => a.fcp - b.fcp)[1]!
          shown.push(
            `${preset.name} ${(fcp / 1000).toFixed(2)} s (goal ≤ ${preset.goal / 1000} s, ${(bytes / 1024).toFixed(1)} KB before it)`,
          )
        }
        lines.push(`PAINT ${pathname} ${theme}: ${shown.join(', ')}`)
      }
  } finally {
    await browser.close()
  }
  return lines
}

function parseCookie(header: string) {
  const [name = '', ...value] = header.split('=')
  return { name, value: value.join('=') }
}

async function themeCookie(base: string, theme: 'dark' | 'light') {
  const response = await fetch(`${base}/theme`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ theme, redirectTo: '/' }),
    redirect: 'manual',
  })
  const header = response.headers.get('set-cookie')?.split(';')[0]
  if (!header) throw new Error(`POST /theme answered ${response.status} without a cookie`)
  return parseCookie(header)
}
