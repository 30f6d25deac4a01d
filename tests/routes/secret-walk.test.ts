/**
 * Nothing the server holds reaches an answer by accident. Every secret variable is filled with a recognisable marker;
 * then every route's loader and action is called, signed in as each kind of user, with every registered /manage
 * dialog and intent and with names that a plain object inherits from Object.prototype (`constructor`, `__proto__`, …)
 * in every place a request names something. No answer may contain a marker, the caller's service credential or a path
 * of the server's files, and none may be an unexpected server error.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const MARKER = 'Zq7SecretMarker'
const secrets = {
  SESSION_SECRET: `${MARKER}-session-0123456789abcdef0123456789`,
  SERVICE_SECRET: `${MARKER}-service-0123456789abcdef0123456789`,
  HONEYPOT_SECRET: `${MARKER}-honeypot-0123456789abcdef01234567`,
  GITHUB_CLIENT_SECRET: `${MARKER}-github-client-secret`,
  GOOGLE_CLIENT_SECRET: `${MARKER}-google-client-secret`,
}
// Client ids are public (they travel in the provider's authorization address); only the secrets are marked.
const ids = { GITHUB_CLIENT_ID: 'walk-github-client', GOOGLE_CLIENT_ID: 'walk-google-client' }
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-secret-walk-'))
Object.assign(process.env, secrets, ids, { DATA_DIR: dataDir })
delete process.env.LICENSING_API_URL

const { createTestService } = await import('../support/service')
const { inProcessTransport } = await import('../../service/index')
const { createUserSession } = await import('#app/utils/session.server')
const { dialogLoaders, manageActions } = await import('#app/routes/__manage/registry.server')
const { unreadableForm } = await import('#app/rules/messages/failures')
const rootModule = await import('#app/root')

/** Names a plain object answers from its prototype. */
const PROBES = [
  'constructor',
  '__proto__',
  'valueOf',
  'hasOwnProperty',
  'toString',
  'isPrototypeOf',
  '__defineGetter__',
]

type RouteModule = {
  loader?: (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown
  action?: (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown
}

/** Each route module under app/routes, with the URL path that reaches it. */
const routeFiles = fs.readdirSync(path.resolve('app/routes')).filter((file) => file.endsWith('.tsx'))
const params = {
  product: 'console-ninja',
  coupon: 'constructor',
  activation: '__proto__',
  confirmation: 'constructor',
  provider: 'github',
  '*': 'constructor',
}
function urlPathOf(file: string): string {
  const segments = file
    .replace(/\.tsx$/, '')
    .split('.')
    .filter((segment) => segment !== '_index')
    // A trailing underscore only opts a route out of its parent's layout (`manage_.$` is `/manage/*`).
    .map((segment) => segment.replace(/_$/, ''))
    .map((segment) =>
      segment === '$'
        ? params['*']
        : segment.replace(/^\(?\$(\w+)\)?$/, (_, name: keyof typeof params) => params[name] ?? 'x'),
    )
  return `/${segments.join('/')}`
}

let service: Awaited<ReturnType<typeof createTestService>>
let context: AppLoadContext
const users: Array<{ email: string; admin: boolean; cookie: string; credential: string }> = []
let refs: Record<string, string> = {}

beforeAll(async () => {
  service = await createTestService({ env: { NODE_ENV: 'test', ...secrets, ...ids } })
  context = { licensing: inProcessTransport(service) }
  const { signInAs } = await import('../support/service')
  for (const [email, admin] of [
    ['olivia@acme.test', false],
    ['max@acme.test', false],
    ['root@vendor.test', true],
    ['pat@personal.test', false],
  ] as const) {
    const credential = await signInAs(service, email)
    const response = await createUserSession(
      new Request('http://portal.test/'),
      { email, admin, credential },
      '/manage',
    )
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ')
    users.push({ email, admin, cookie, credential })
  }
  // Real references, so that dialogs and forms get past "not found" and do their work.
  const details = (await service.call({ retrieveDetails: {} }, users[0].credential)).body as {
    retrieveDetails: {
      body: {
        companies: Array<{
          id: string
          licenses: Array<{ id: string; owner: string }>
          subscriptions: Array<{ subscriptionId: string }>
        }>
      }
    }
  }
  const company = details.retrieveDetails.body.companies[0]
  refs = {
    company: company.id,
    license: company.licenses[0].id,
    owner: company.licenses[0].owner,
    subscription: company.subscriptions[0]?.subscriptionId ?? '',
    email: 'walker@acme.test',
  }
}, 60_000)

afterAll(async () => {
  await service.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** The answer as text (status, headers and body), or the thrown value that is not a Response: a server error. */
async function answerOf(work: () => unknown): Promise<{ status: number; text: string }> {
  let outcome: unknown
  try {
    outcome = await work()
  } catch (thrown) {
    outcome = thrown
  }
  if (outcome instanceof Response) {
    const headers = [...outcome.headers].map(([name, value]) => `${name}: ${value}`).join('\n')
    return { status: outcome.status, text: `${headers}\n${await outcome.text()}` }
  }
  if (outcome instanceof Error) return { status: 500, text: `${outcome.message}\n${outcome.stack ?? ''}` }
  return { status: 200, text: JSON.stringify(outcome) ?? '' }
}

function expectNothingHeld(answer: { status: number; text: string }, where: string, credential?: string) {
  expect(answer.status, `${where}: ${answer.text.slice(0, 300)}`).not.toBe(500)
  expect(answer.text.includes(MARKER), `${where} carries a secret`).toBe(false)
  if (credential) expect(answer.text.includes(credential), `${where} carries the credential`).toBe(false)
  expect(answer.text.includes(process.cwd()), `${where} names a server path`).toBe(false)
}

const probeQuery = (value: string) =>
  new URLSearchParams(
    ['dialog', 'intent', 'company', 'license', 'owner', 'subscription', 'product', 'coupon', 'checkout', 'state']
      .concat(['billing', 'type', 'country', 'quantity', 'ref', 'email', 'code', 'error', 'page-personal'])
      .map((name) => [name, value]),
  ).toString()

describe('no answer carries what the server holds', () => {
  it('every route loader, signed in as each kind of user and not at all, with every probe name', async () => {
    const modules = await Promise.all(
      routeFiles.map(async (file) => ({
        file,
        module: (await import(path.resolve('app/routes', file))) as RouteModule,
      })),
    )
    for (const user of [...users, undefined]) {
      const headers: Record<string, string> = user ? { Cookie: user.cookie } : {}
      for (const { file, module } of [...modules, { file: 'root', module: rootModule as RouteModule }]) {
        if (!module.loader) continue
        const path = file === 'root' ? '/' : urlPathOf(file)
        for (const query of ['', ...PROBES.map(probeQuery)]) {
          const url = `http://portal.test${path}${query ? `?${query}` : ''}`
          const answer = await answerOf(() =>
            module.loader!({ request: new Request(url, { headers }), params: { ...params }, context }),
          )
          expectNothingHeld(answer, `GET ${url} as ${user?.email ?? 'nobody'}`, user?.credential)
        }
      }
    }
  }, 120_000)

  it('every /manage dialog, registered or a probe name, as each signed-in user', async () => {
    const { loader } = (await import('#app/routes/manage')) as Required<RouteModule>
    for (const user of users) {
      for (const name of [...dialogLoaders.keys(), ...PROBES]) {
        const query = new URLSearchParams({ dialog: name, ...refs, product: 'Wallaby.js' })
        const url = `http://portal.test/manage?${query}`
        const answer = await answerOf(() =>
          loader({ request: new Request(url, { headers: { Cookie: user.cookie } }), params: {}, context }),
        )
        expectNothingHeld(answer, `GET ${url} as ${user.email}`, user.credential)
        if (PROBES.includes(name)) expect(answer.status, `dialog=${name}`).toBe(404)
      }
    }
  }, 120_000)

  it('every action, with every registered intent and every probe name, as each signed-in user', async () => {
    const modules = await Promise.all(
      routeFiles.map(async (file) => ({
        file,
        module: (await import(path.resolve('app/routes', file))) as RouteModule,
      })),
    )
    const intents = [...manageActions.keys(), 'link', 'social', ...PROBES]
    for (const user of users) {
      // Log Out ends the session every other form needs: it is walked last, on its own.
      for (const { file, module } of [
        ...modules.filter((m) => m.file !== 'logout.tsx'),
        ...modules.filter((m) => m.file === 'logout.tsx'),
      ]) {
        if (!module.action) continue
        const url = `http://portal.test${urlPathOf(file)}`
        for (const intent of intents) {
          const body = new URLSearchParams({
            ...refs,
            intent,
            provider: intent === 'social' ? 'constructor' : 'github',
            theme: 'constructor',
            redirectTo: '/\t/evil.example',
            assignedTo: refs.email,
            emails: refs.email,
          })
          const request = new Request(url, {
            method: 'POST',
            headers: { Cookie: user.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
            body,
          })
          const answer = await answerOf(() => module.action!({ request, params: { ...params }, context }))
          expectNothingHeld(answer, `POST ${url} intent=${intent} as ${user.email}`, user.credential)
          if (file === 'manage.tsx' && PROBES.includes(intent)) expect(answer.status, intent).toBe(400)
          expect(answer.text, 'an open redirect').not.toMatch(/location: \/\s*\/evil/i)
          if (file === 'logout.tsx') break
        }
      }
    }
  }, 180_000)
})

/** A new portal session of a new service session (the action walk ends with Log Out). */
async function freshCookie(): Promise<string> {
  const { signInAs } = await import('../support/service')
  const credential = await signInAs(service, 'olivia@acme.test')
  const response = await createUserSession(
    new Request('http://portal.test/'),
    { email: 'olivia@acme.test', admin: false, credential },
    '/manage',
  )
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ')
}

describe('a body that is not a form', () => {
  const bodies: Array<[string, string, BodyInit]> = [
    [
      'multipart without a boundary',
      'multipart/form-data',
      '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nassign',
    ],
    [
      'multipart cut short',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nass',
    ],
    ['JSON', 'application/json', JSON.stringify({ intent: 'assign' })],
    ['plain text', 'text/plain', 'intent=assign'],
  ]

  it.each(bodies)('%s is a 400 with a message, on /manage and on /theme', async (_what, type, body) => {
    const { action: manageAction } = (await import('#app/routes/manage')) as Required<RouteModule>
    const { action: themeAction } = (await import('#app/routes/theme')) as Required<RouteModule>
    for (const [action, url] of [
      [manageAction, 'http://portal.test/manage?index'],
      [themeAction, 'http://portal.test/theme'],
    ] as const) {
      const request = new Request(url, {
        method: 'POST',
        headers: { Cookie: await freshCookie(), 'Content-Type': type },
        body,
      })
      const answer = await answerOf(() => action({ request, params: {}, context }))
      expect(answer.status).toBe(400)
      expect(answer.text).toContain(unreadableForm)
      expectNothingHeld(answer, `${url} with ${type}`)
    }
  })
})
