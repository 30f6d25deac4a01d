// The bench's JS lines: how much script (gzip) each page a user reaches loads, against the 100 KB goal (decision 20).
import zlib from 'node:zlib'

/** Every page a user reaches; `opened`: the chunks a dialog loads. A made-up link token's refusal ships the same
 * script as success. */
const SCRIPT_PAGES: { pathname: string; signedIn?: boolean; opened?: string[] }[] = [
  { pathname: '/' },
  { pathname: '/help/' },
  { pathname: '/developers' },
  { pathname: '/contact' },
  { pathname: '/activate/bench-token' },
  { pathname: '/confirmEmail/bench-token' },
  { pathname: '/confirmEmail/requested' },
  { pathname: '/shop/' },
  { pathname: '/shop/wallaby/buy/' },
  { pathname: '/shop/wallaby/redeem/' },
  { pathname: '/shop/wallaby/faq/' },
  { pathname: '/upsellPreview/' },
  { pathname: '/no-such-page' },
  { pathname: '/manage', signedIn: true },
  { pathname: '/manage?dialog=change-email', signedIn: true, opened: ['dialogs', 'change-email-dialog'] },
  {
    pathname: '/manage?dialog=bulk-assign&company=bench-100',
    signedIn: true,
    opened: ['dialogs', 'bulk-assign-dialog'],
  },
  { pathname: '/manage/usage?company=bench-100', signedIn: true },
]

/** One `JS` line per page: its script in KB gzip, against the goal. */
export async function scriptLines(base: string, cookie: string): Promise<string[]> {
  const lines: string[] = []
  for (const { pathname, signedIn, opened } of SCRIPT_PAGES) {
    const bytes = await scriptBytes(base, pathname, signedIn ? cookie : '', opened)
    const shown = bytes === null ? 'n/a' : `${(bytes / 1024).toFixed(1)} KB gzip`
    lines.push(`JS ${pathname} ${shown}${opened ? ' (the dialog opened)' : ''} (goal ≤ 100 KB)`)
  }
  return lines
}

/** The gzip bytes of the scripts a page loads and all they import; with `opened`, also those on-demand chunks. */
async function scriptBytes(base: string, pathname: string, cookie: string, opened: string[] = []) {
  const response = await fetch(`${base}${pathname}`, { headers: { cookie }, redirect: 'manual' })
  if (response.status >= 300 && response.status < 400) return null
  if (response.status >= 500 || !response.headers.get('content-type')?.includes('text/html')) return null
  const html = await response.text()
  const queue: URL[] = []
  for (const match of html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g))
    queue.push(new URL(match[1], base))
  for (const match of html.matchAll(/import\s*\(?\s*"([^"]+\.js)"/g)) queue.push(new URL(match[1], base))
  const seen = new Set<string>()
  let total = 0
  for (let url = queue.shift(); url; url = queue.shift()) {
    if (seen.has(url.href)) continue
    seen.add(url.href)
    const body = Buffer.from(new Uint8Array(await (await fetch(url)).arrayBuffer()))
    total += zlib.gzipSync(body).length
    const text = body.toString('utf8')
    for (const match of text.matchAll(/(?:from|import)\s*"([^"]+\.js)"/g)) queue.push(new URL(match[1], url))
    for (const match of text.matchAll(/import\(\s*"([^"]+\.js)"\s*\)/g)) {
      const module = /([^/]+)-[A-Z0-9]+\.js$/.exec(match[1])?.[1]
      if (module && opened.includes(module)) queue.push(new URL(match[1], url))
    }
  }
  return total
}
