// The social sign-in tests' fixture: a test service with GitHub and Google configured and mocked (msw), one clock
// for both, and the round trip as the portal drives it.
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { createOAuthMocks, type MockUser } from '../mocks/oauth.js'
import { createTestService } from './service.js'

export const clients = {
  github: { clientId: 'gh-client', clientSecret: 'gh-secret' },
  google: { clientId: 'go-client.apps.googleusercontent.com', clientSecret: 'go-secret' },
}
export const env = {
  NODE_ENV: 'test' as const,
  GITHUB_CLIENT_ID: clients.github.clientId,
  GITHUB_CLIENT_SECRET: clients.github.clientSecret,
  GOOGLE_CLIENT_ID: clients.google.clientId,
  GOOGLE_CLIENT_SECRET: clients.google.clientSecret,
}
export const callback = { github: 'http://portal.test/auth/github/', google: 'http://portal.test/auth/google/' }

export let clock = Date.now()
/** Moves the clock the service and the mocked providers read. */
export function advanceClock(ms: number) {
  clock += ms
}
export const oauth = createOAuthMocks(clients, { now: () => clock })
export const server = setupServer(...oauth.handlers)
export let service: Awaited<ReturnType<typeof createTestService>>

export type Answer = { status: number; body: Record<string, unknown> }
export const call = async (request: unknown, credential?: string) => (await service.call(request, credential)) as Answer

export async function start(
  type: 'github' | 'google',
  credential?: string,
  operation: 'manageLicense' | 'linkAccount' = 'manageLicense',
) {
  const answer = await call({ [operation]: { type, callback: callback[type] } }, credential)
  expect(answer.status).toBe(200)
  const redirect = (answer.body[operation] as { redirect: string }).redirect
  return { redirect, state: new URL(redirect).searchParams.get('state')! }
}

/** The whole round trip: start, approve at the (mocked) provider, complete. */
export async function signInThrough(type: 'github' | 'google', user: MockUser, credential?: string) {
  const { redirect, state } = await start(type)
  const code = oauth.approve(redirect, user)
  return call({ completeAuthentication: { type, code, state } }, credential)
}

export const account = (email: string) =>
  service.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst()

/** Starts the mocked providers and the test service before the file's tests; stops them after. */
export function startIdentityService() {
  beforeAll(async () => {
    server.listen({ onUnhandledFrame: 'error' })
    service = await createTestService({ env, now: () => clock })
  })
  beforeEach(() => {
    clock = Date.now()
  })
  afterEach(() => server.resetHandlers())
  afterAll(async () => {
    server.close()
    await service.close()
  })
}
