/// <reference types="vite/client" />
/**
 * Every parameter of every route, one character past the protocol's longest id, is never a 5xx: a 404 or a 4xx with
 * a sentence, or an answer that ignores it. The routes are the app's own: every route module Remix serves, and on
 * /manage every dialog and form of its registry. Each is asked first with valid values, recording the parameters it
 * reads (so a new route or parameter is swept without a word here), then once for each with that one too long.
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from '@remix-run/node'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ID_MAX_LENGTH } from '#protocol/shared/limits'
import { demoRefs } from '../../demo/seed'
import { createTestService } from '../support/service'
import { formRequest, removeDataDir } from './account-stub'
import { recordingTransport, signedInCookie } from './recording-transport'

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<unknown>
type RouteModule = { loader?: Handler; action?: Handler }

const routeFiles = import.meta.glob<RouteModule>(['../../app/root.tsx', '../../app/routes/*.tsx'])
const { dialogLoaders, manageActions } = await import('#app/routes/__manage/registry.server')
const { loader: manageLoader, action: manageAction } = await import('#app/routes/manage')

const TOO_LONG = 'x'.repeat(ID_MAX_LENGTH + 1)
/** The parameters that name something by its id: too long, they are a 404 or a 400 that says so. */
const REFERENCES = new Set(['company', 'subscription', 'token', 'machine'])

/** Valid values for what the routes read, from the demo data (Acme Corp, where olivia is Company Administrator). */
const valid: Record<string, string> = {
  company: demoRefs.companies.acme,
  subscription: demoRefs.subscriptions.acmeActiveRenewing,
  license: demoRefs.licenses.acmeBundleAssigned,
  owner: demoRefs.companies.acme,
  group: 'bundle',
  // path parameters
  product: 'wallaby',
  coupon: 'FREEMONTH',
  provider: 'github',
}

// Nothing a route does here may reach past loopback (an issuer's discovery, a provider).
const network = setupServer()
let service: Awaited<ReturnType<typeof createTestService>>
const cookies: Record<string, string> = {}
beforeAll(async () => {
  network.listen({ onUnhandledFrame: 'error' })
  service = await createTestService()
  cookies.olivia = await signedInCookie(service, 'olivia@acme.test')
  // A platform administrator opens the administrators' dialogs too.
  cookies.root = await signedInCookie(service, 'root@vendor.test', true)
})
afterAll(async () => {
  network.close()
  await service.close()
  removeDataDir()
})

/** The names of the query and form parameters read while `work` runs. */
async function readsOf(work: () => Promise<Response>): Promise<{ response: Response; read: Set<string> }> {
  const spies = [URLSearchParams.prototype, FormData.prototype].flatMap((proto) =>
    (['get', 'getAll', 'has'] as const).map((method) => vi.spyOn(proto, method)),
  )
  try {
    const response = await work()
    return { response, read: new Set(spies.flatMap((spy) => spy.mock.calls.map(([name]) => String(name)))) }
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
}

/** The answer, or the Response it threw; anything else it threw is a 500, as Remix would answer it. */
async function answerOf(work: () => Promise<unknown>): Promise<Response> {
  try {
    const value = await work()
    return value instanceof Response ? value : new Response(JSON.stringify(value ?? null), { status: 200 })
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    return new Response(String(thrown), { status: 500 })
  }
}

/** What an answer says: its text, or in JSON what it holds under `message` or `error` (a form's field errors too). */
async function sentenceOf(response: Response): Promise<string> {
  const text = await response.clone().text()
  try {
    return said(JSON.parse(text)).join(' ')
  } catch {
    return text
  }
}

function said(value: unknown, spoken = false): string[] {
  if (typeof value === 'string') return spoken ? [value] : []
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, inner]) => said(inner, spoken || /message|error/i.test(key)))
}

type Ask = (params: Record<string, string>) => Promise<Response>
type Finding = string

/**
 * Asks with valid values until no new parameter is read, then with each read parameter too long (but those `swept`
 * already); what is wrong with an answer is a finding, named `where`. On /manage a reference too long is a 404, or a
 * 400 that says so.
 */
async function sweep(
  where: string,
  ask: Ask,
  start: Record<string, string>,
  swept: ReadonlySet<string> = new Set(),
): Promise<{ findings: Finding[]; refused: boolean; read: Set<string> }> {
  const params = { ...start }
  const read = new Set<string>(Object.keys(start))
  let baseline: Response | undefined
  for (let round = 0; round < 5 && !baseline; round++) {
    const { response, read: now } = await readsOf(() => ask(params))
    const fresh = [...now].filter((name) => !read.has(name))
    if (fresh.length === 0) baseline = response
    for (const name of fresh) {
      read.add(name)
      if (name in valid) params[name] = valid[name]
    }
  }
  baseline ??= await ask(params)
  const findings: Finding[] = []
  if (baseline.headers.get('Location') === '/' && where.includes('/manage')) findings.push(`${where}: asked signed out`)
  for (const name of [...read].filter((name) => !swept.has(name))) {
    const response = await ask({ ...params, [name]: TOO_LONG })
    const what = `${where} ${name}=${ID_MAX_LENGTH + 1} characters: ${response.status}`
    if (response.status >= 500) findings.push(`${what} ${await sentenceOf(response)}`)
    else if (!where.includes('/manage') || !REFERENCES.has(name)) continue
    else if (response.status !== 404 && response.status !== 400) findings.push(what)
    else if (!/[a-z]{3,} [a-z]{3,}/i.test(await sentenceOf(response))) findings.push(`${what}, unsaid`)
  }
  return { findings, refused: baseline.status === 403 || baseline.status === 404, read }
}

const contextOf = (): AppLoadContext => recordingTransport(service).context

const search = (params: Record<string, string>) => new URLSearchParams(params).toString()

function getFrom(handler: Handler, path: string, cookie: string, routeParams: Record<string, string> = {}): Ask {
  return (params) =>
    answerOf(() =>
      handler({
        request: new Request(`http://portal.test${path}?${search(params)}`, { headers: { cookie } }),
        params: routeParams,
        context: contextOf(),
      }),
    )
}

function postTo(handler: Handler, path: string, cookie: string, routeParams: Record<string, string> = {}): Ask {
  return (params) =>
    answerOf(() =>
      handler({
        request: formRequest(`http://portal.test${path}`, Object.entries(params), cookie),
        params: routeParams,
        context: contextOf(),
      }),
    )
}

/** `shop.$product.redeem.($coupon).tsx` → `/shop/wallaby/redeem/FREEMONTH` and its path parameters. */
function addressOf(file: string): { path: string; params: Record<string, string> } {
  const name = file.replace(/^.*\//, '').replace(/\.tsx$/, '')
  if (name === 'root') return { path: '/', params: {} }
  const params: Record<string, string> = {}
  const segments = name
    // `[.]` is a dot of the address, any other dot a `/`
    .split(/(?<!\[)\.(?!\])/)
    .map((segment) => segment.replace('[.]', '.').replace(/_$/, ''))
    .filter((segment) => segment !== '_index' && segment !== '')
    .map((segment) => {
      const param = /^\(?\$(\w*)\)?$/.exec(segment)
      if (!param) return segment
      const key = param[1] || '*'
      params[key] = valid[key] ?? 'anything'
      return params[key]
    })
  return { path: `/${segments.join('/')}`, params }
}

describe('a parameter past the protocol’s longest id', () => {
  it('is never a 5xx on any route, path parameters included', async () => {
    const findings: Finding[] = []
    for (const [file, load] of Object.entries(routeFiles)) {
      const route = await load()
      const { path, params } = addressOf(file)
      // Signed in afresh: /logout ends the session it is posted with.
      const cookie = await signedInCookie(service, 'olivia@acme.test')
      for (const [method, handler] of [
        ['GET', route.loader],
        ['POST', route.action],
      ] as const) {
        if (!handler) continue
        const ask = method === 'GET' ? getFrom : postTo
        findings.push(...(await sweep(`${method} ${path}`, ask(handler, path, cookie, params), {})).findings)
        for (const key of Object.keys(params)) {
          const response = await ask(handler, path, cookie, { ...params, [key]: TOO_LONG })({})
          if (response.status >= 500) findings.push(`${method} ${path} :${key} too long: ${response.status}`)
        }
      }
    }
    expect(findings).toEqual([])
  }, 120_000)

  it('names no table when it names a license table’s view: the page is shown as it is', async () => {
    const ask = getFrom(manageLoader, '/manage', cookies.olivia)
    const response = await ask({ dialog: 'account-settings', [`page-${TOO_LONG}`]: '2', [`q-${TOO_LONG}`]: 'x' })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ kind: 'details' })
  })

  it('is a 404 or a 400 with a sentence on every /manage dialog and form', async () => {
    const at = `/manage?${search({ company: valid.company })}`
    const asks = [
      ...[...dialogLoaders.keys()].map((dialog) => ({
        where: `/manage dialog=${dialog}`,
        start: { dialog },
        as: (cookie: string) => getFrom(manageLoader, '/manage', cookie),
      })),
      ...[...manageActions.keys()].map((intent) => ({
        where: `/manage intent=${intent}`,
        start: { intent },
        as: (cookie: string) => postTo(manageAction, at, cookie),
      })),
    ]
    // The page's own parameters (its tables' views) are swept once, with the page.
    const page = await sweep('/manage', getFrom(manageLoader, '/manage', cookies.olivia), {})
    const findings: Finding[] = [...page.findings]
    for (const { where, start, as } of asks) {
      const asAdministrator = await sweep(where, as(cookies.olivia), start, page.read)
      findings.push(...asAdministrator.findings)
      // What a Company Administrator may not open, the platform administrator may (their own dialogs and forms).
      if (asAdministrator.refused) findings.push(...(await sweep(where, as(cookies.root), start, page.read)).findings)
    }
    expect(findings).toEqual([])
  }, 120_000)
})
