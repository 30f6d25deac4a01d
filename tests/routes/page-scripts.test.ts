// A page with nothing to do in the browser names no script (decision 20): the root's real document, rendered by the
// server's own entry for the real route modules, as the built server renders it.
import { createRequestHandler, json, type ServerBuild } from '@remix-run/node'
import { createElement, lazy, Suspense } from 'react'
import { afterAll, describe, expect, it } from 'vitest'
import { removeDataDir } from './account-stub'
import { company, license, NOW, DAY } from '../support/entities'

const root = await import('#app/root')
const entry = await import('#app/entry.server')
const help = await import('#app/routes/help')
const notFound = await import('#app/routes/$')
const { LicenseTable } = await import('#app/routes/__manage/license-table')

afterAll(removeDataDir)

/** An ordinary page: no `handle`, a component and nothing else. */
const plainPage = { default: () => createElement('p', null, 'An ordinary page') }
/** A page whose loader refuses the request, with no error boundary of its own: the root's shows. */
const refusedPage = {
  loader: () => {
    throw json({ message: 'That form is not one of ours.' }, { status: 400 })
  },
  default: () => createElement('p', null, 'Never shown'),
}

/** /manage's license table, its rows of every kind: assigned, free, expired, lapsing, a trial. */
const owner = company({ id: 'acme' })
const rows = [
  license({ owner: 'acme', assignedTo: 'ann@acme.test' }),
  license({ owner: 'acme', lapsing: true, productName: 'Quokka.js PRO company license', productGroup: 'quokka' }),
  license({ owner: 'acme', expiration: NOW - 3 * DAY, trial: true }),
  license({ owner: 'acme', licenseType: 'personal', assignedTo: 'bo@acme.test' }),
]
const tablePage = {
  default: () =>
    createElement(LicenseTable, {
      licenses: {
        table: 'acme',
        rows,
        page: 1,
        pages: 3,
        pageSize: 50,
        matching: 120,
        total: 120,
        search: '',
        filter: 'all',
        narrowed: false,
      },
      now: NOW,
      caption: 'Licenses of Acme',
      company: owner,
      admin: true,
      search: '',
    }),
}

/** A page with a part that loads on demand: written whole, it would hold only the part's fallback. */
const Later = lazy(async () => ({ default: () => createElement('p', null, 'The part loaded on demand') }))
const waitingPage = {
  default: () => createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, createElement(Later)),
}

type Route = { id: string; path?: string; module: ServerBuild['routes'][string]['module'] }
const routes: Route[] = [
  { id: 'routes/help', path: 'help', module: help },
  { id: 'routes/plain', path: 'plain', module: plainPage },
  { id: 'routes/table', path: 'table', module: tablePage },
  { id: 'routes/waiting', path: 'waiting', module: waitingPage },
  { id: 'routes/refused', path: 'refused', module: refusedPage },
  { id: 'routes/$', path: '*', module: notFound },
]

/** The entry's arguments of the last page, to write it again as a stream. */
let lastRender: Parameters<typeof entry.default> | undefined
const build: ServerBuild = {
  mode: 'production',
  entry: {
    module: {
      ...entry,
      default: (...args: Parameters<typeof entry.default>) => {
        lastRender = args
        return entry.default(...args)
      },
    },
  },
  routes: {
    root: { id: 'root', path: '', module: root },
    ...Object.fromEntries(routes.map((route) => [route.id, { ...route, parentId: 'root' }])),
  },
  assets: {
    url: '/build/manifest-test.js',
    version: 'test',
    entry: { module: '/build/entry.client-test.js', imports: ['/build/_shared/react-test.js'] },
    routes: Object.fromEntries(
      [{ id: 'root', path: '', module: root }, ...routes].map(({ id, path, module }) => [
        id,
        {
          id,
          path,
          parentId: id === 'root' ? undefined : 'root',
          module: `/build/${id}-test.js`,
          hasLoader: 'loader' in module,
          hasAction: 'action' in module,
          hasClientLoader: false,
          hasClientAction: false,
          hasErrorBoundary: 'ErrorBoundary' in module,
        },
      ]),
    ),
  },
  publicPath: '/build/',
  assetsBuildDirectory: 'public/build',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
  isSpaMode: false,
}

const handle = createRequestHandler(build, 'production')

async function page(pathname: string) {
  const response = await handle(new Request(`http://portal.test${pathname}`), { cspNonce: 'test-nonce' })
  return { status: response.status, html: await response.text() }
}

describe('the script a page ships', () => {
  it('an ordinary page names the client entry, its modules and the inline scripts that start it', async () => {
    const { status, html } = await page('/plain')
    expect(status).toBe(200)
    expect(html).toContain('An ordinary page')
    expect(html).toMatch(/<script[^>]*nonce="test-nonce"/)
    expect(html).toContain('/build/entry.client-test.js')
    expect(html).toContain('rel="modulepreload"')
  })

  it("sends no public form's bot trap to a page without one: the root's data holds none", async () => {
    const { html } = await page('/plain')
    expect(html).toContain('window.__remixContext')
    expect(html).not.toMatch(/honeypot|__confirm/)
  })

  it("the head ends with the theme's first paint, which React 18 then leaves as the server wrote it", async () => {
    const { html } = await page('/plain')
    expect(html).toMatch(/<html[^>]* class="dark"/)
    expect(html).toMatch(/<style id="first-paint">[^<]*<\/style><\/head>/)
  })

  it.each([
    ['/help/', 200, 'Help'],
    ['/no-such-page', 404, 'Page not found'],
    ['/refused', 400, 'Request not accepted'],
  ])('%s names no script: no script element, no module to preload, no client entry', async (pathname, code, h1) => {
    const { status, html } = await page(pathname)
    expect(status).toBe(code)
    expect(html).toMatch(new RegExp(`<h1[^>]*>${h1}</h1>`))
    expect(html).not.toContain('<script')
    expect(html).not.toContain('modulepreload')
    expect(html).not.toMatch(/\.js["']/)
    // The frame's forms are still there, as plain posts: the theme switch returns to this page.
    expect(html).toMatch(/<form method="post" action="\/theme"/)
    expect(html).toContain(`name="redirectTo" value="${pathname}"`)
  })
})

describe('a page with nothing to wait for', () => {
  it.each(['/plain', '/table', '/help/', '/no-such-page', '/refused'])(
    '%s is written whole, the very bytes the stream writes (a page with a dialog open streams)',
    async (pathname) => {
      const { html } = await page(pathname)
      const [request, status, headers, context, loadContext] = lastRender!
      const streamed = await entry.streamDocument(request, status, new Headers(headers), context, loadContext)
      expect(html).toContain('<!DOCTYPE html><html')
      // React 18's stream writer leaves zero bytes where a character of several bytes meets a 2 KB boundary (/help/).
      expect(html).not.toContain('\u0000')
      expect(html).toBe(await streamed.text())
    },
  )

  it('a page with a part that loads on demand streams, so the part is in the page, not its fallback', async () => {
    const { status, html } = await page('/waiting')
    expect(status).toBe(200)
    expect(html).toContain('The part loaded on demand')
    expect(html).not.toContain('<!--$!-->')
  })
})
