// What the proofs that /manage reads only what it touches share: an in-process transport that records each operation
// the portal asks the licensing service for, a dialog opened by its loader alone, and the signed-in fixture.
import type { AppLoadContext } from '@remix-run/node'
import type { LicensingService } from '../../service/index'
import type { DialogArgs } from '#app/routes/__manage/shared/registry'
import { afterAll, beforeAll } from 'vitest'
import { createTestService, signInAs } from '../support/service'
import { cookieFrom, formRequest, removeDataDir, settle } from './account-stub'

const { dialogLoaders } = await import('#app/routes/__manage/registry.server')
const { requireUser } = await import('#app/utils/session.server')
const { getPreferences } = await import('#app/utils/preferences.server')
const { createUserSession } = await import('#app/utils/session.server')
const { action: manageAction } = await import('#app/routes/manage')

/** The portal's session cookie of `email`, signed in to the service as a person would. */
export async function signedInCookie(service: LicensingService, email: string, admin = false): Promise<string> {
  const credential = await signInAs(service, email)
  return cookieFrom(
    await createUserSession(new Request('http://portal.test/'), { email, admin, credential }, '/manage'),
  )
}

export type RecordedOperation = { operation: string; payload: unknown }

/** The in-process transport to `service`, recording each operation and its payload. */
export function recordingTransport(service: Pick<LicensingService, 'call'>) {
  const calls: RecordedOperation[] = []
  const context = {
    licensing: {
      async call(request: unknown, credential?: string, key?: string) {
        const [operation, payload] = Object.entries(request as object)[0]
        calls.push({ operation, payload })
        return service.call(request, credential, key)
      },
    },
  } as unknown as AppLoadContext
  return { context, calls }
}

/**
 * Opens a dialog as its loader alone (`/manage?dialog=…`), with the signed-in user of `cookie`. Neither the whole
 * account nor the page's answer is there to be read: a loader that reaches for them fails the test.
 */
export async function openDialog(
  url: string,
  cookie: string,
  context: AppLoadContext,
): Promise<{ status: number; data?: unknown; message?: string }> {
  const request = new Request(url, { headers: { cookie } })
  const parsed = new URL(url)
  const load = dialogLoaders.get(parsed.searchParams.get('dialog') ?? '')
  if (!load) throw new Error(`no dialog in ${url}`)
  const args = {
    request,
    url: parsed,
    user: await requireUser(request),
    context,
    preferences: await getPreferences(request),
    // The page's windowed answer is not there either: these dialogs read what they show themselves.
    get page(): never {
      throw new Error("the dialog read the page's answer")
    },
  }
  try {
    return { status: 200, data: await load(args as unknown as DialogArgs) }
  } catch (thrown) {
    if (thrown instanceof Response) {
      const body = thrown.headers.get('Content-Type')?.includes('json') ? ((await thrown.json()) as unknown) : null
      const message = typeof body === 'object' && body && 'message' in body ? String(body.message) : undefined
      return { status: thrown.status, ...(message ? { message } : {}) }
    }
    throw thrown
  }
}

/**
 * A test file's service and the portal session of `email` (made before its tests, closed after), with a recording
 * transport per check and a post of a /manage form (`?index&search`) as that user.
 */
export function signedInFixture(email: string) {
  let service: Awaited<ReturnType<typeof createTestService>> | undefined
  let cookie = ''
  beforeAll(async () => {
    service = await createTestService()
    cookie = await signedInCookie(service, email)
  })
  afterAll(async () => {
    await service?.close()
    removeDataDir()
  })
  const fixture = {
    get service() {
      if (!service) throw new Error('the service starts before the tests')
      return service
    },
    get cookie() {
      return cookie
    },
    transport: () => recordingTransport(fixture.service),
    post: (search: string, fields: Array<[string, string]>, context: AppLoadContext, as = cookie) =>
      settle(
        manageAction({
          request: formRequest(`http://portal.test/manage?index&${search}`, fields, as),
          params: {},
          context,
        }),
      ),
  }
  return fixture
}
