import { Transform } from 'node:stream'
import {
  createReadableStreamFromReadable,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  type HandleDataRequestFunction,
} from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceProvider } from './utils/nonce'
import { portalDb } from './utils/portal-store.server'
import { getUser } from './utils/session.server'
import './load-context'
import { loadZodEnglishMessages } from '../protocol/shared/zod-messages.js'

loadZodEnglishMessages()

const ABORT_DELAY = 5_000

/** To the server's log (JSON, with the request id); never to the page. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // An aborted request (the browser went away) is not an error of ours.
  if (request.signal.aborted) return
  logError(error, context)
}

function logError(error: unknown, context: AppLoadContext) {
  if (context.log) context.log.error({ err: error }, 'the portal failed to answer a request')
  else console.error(error)
}

/** For /readyz: whether the portal's own store (sessions, OAuth requests) answers. */
export async function portalReadiness(): Promise<string[]> {
  try {
    const db = await portalDb()
    await db.selectFrom('portal_sessions').select('id').limit(1).execute()
    return []
  } catch {
    return ['the portal store does not answer']
  }
}

/** For the server's pages for some users only (the sandbox's review of flagged orders). */
export async function sessionCredential(cookie?: string): Promise<string | undefined> {
  const user = await getUser(new Request('http://portal.invalid/', { headers: cookie ? { Cookie: cookie } : {} }))
  return user?.credential
}

/** A signed-in page is never stored, so that after Log Out on a shared computer Back asks the server again. */
async function keepPrivate(request: Request, headers: Headers) {
  if (await getUser(request)) headers.set('Cache-Control', 'no-store')
}

export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  await keepPrivate(request, response.headers)
  return response
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  await keepPrivate(request, responseHeaders)
  const nonce = loadContext.cspNonce ?? ''
  // Bots get the whole document at once, and so does a page with a /manage dialog open: the dialog's component loads
  // on demand (it may suspend), and a browser without script must get it inline, not as a part only script can show.
  const readyEvent =
    isbot(request.headers.get('user-agent') ?? '') || new URL(request.url).searchParams.has('dialog')
      ? 'onAllReady'
      : 'onShellReady'
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = coalesced()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors after the shell are logged here; the page shows the route's error boundary, never a stack.
          if (shellRendered) logError(error, loadContext)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY)
  })
}

/** Hands on what React writes in one event-loop turn as one piece: its few-KB pieces cost /manage 20 ms (bench). */
function coalesced() {
  let pending: Buffer[] = []
  let scheduled = false
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk)
      if (!scheduled) {
        scheduled = true
        setImmediate(send)
      }
      callback()
    },
    flush(callback) {
      send()
      callback()
    },
  })
  function send() {
    scheduled = false
    if (pending.length === 0) return
    stream.push(pending.length === 1 ? pending[0] : Buffer.concat(pending))
    pending = []
  }
  return stream
}
