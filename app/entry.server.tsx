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
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import type { ReactElement } from 'react'
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
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  // A page with nothing to wait for is written as one string, the same bytes: the stream's writer costs /manage a
  // third of its render (bench PROFILE). A /manage dialog loads on demand (it may suspend) and a deferred loader
  // waits: those stream, and so does any other page found waiting once written.
  const whole =
    new URL(request.url).searchParams.has('dialog') || hasDeferred(remixContext)
      ? undefined
      : wholeDocument(documentOf(request, remixContext, loadContext))
  if (whole === undefined)
    return streamDocument(request, responseStatusCode, responseHeaders, remixContext, loadContext)
  // Bytes, not a string: a string body is scanned for lone surrogates first (undici), 3 % of /manage's CPU.
  return new Response(Buffer.from(DOCTYPE + whole), { headers: responseHeaders, status: responseStatusCode })
}

/**
 * The page as one string, or undefined when a part of it waits (a lazy component, a suspended read): React then writes
 * its fallback for the client to replace, or throws, and without script that part would stay empty.
 */
function wholeDocument(document: ReactElement): string | undefined {
  try {
    const html = renderToString(document)
    return html.includes('<!--$!-->') ? undefined : html
  } catch {
    // A page that fails to render fails the same way as a stream, where the error is handled and logged.
    return undefined
  }
}

function documentOf(request: Request, remixContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce ?? ''
  return (
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>
  )
}

/** Remix's own streaming entry (the tests compare the whole document with it). */
export function streamDocument(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Bots get the whole document at once, and so does a page with a /manage dialog open: the dialog's component loads
  // on demand (it may suspend), and a browser without script must get it inline, not as a part only script can show.
  const readyEvent =
    isbot(request.headers.get('user-agent') ?? '') || new URL(request.url).searchParams.has('dialog')
      ? 'onAllReady'
      : 'onShellReady'
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(documentOf(request, remixContext, loadContext), {
      nonce: loadContext.cspNonce ?? '',
      [readyEvent]() {
        shellRendered = true
        const body = coalesced()
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
    })
    setTimeout(abort, ABORT_DELAY)
  })
}

/** What the stream writes before the root `<html>` and `renderToString` leaves out. */
const DOCTYPE = '<!DOCTYPE html>'

function hasDeferred(context: EntryContext): boolean {
  return Object.keys(context.staticHandlerContext.activeDeferreds ?? {}).length > 0
}

/** Hands on what React writes in one event-loop turn as one piece: its few-KB pieces cost /manage 20 ms (bench). */
function coalesced() {
  let pending: Buffer[] = []
  let scheduled = false
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(withoutTrailingNuls(chunk))
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

/**
 * React 18's stream writer ends a 2 KB piece with zero bytes when a character of several bytes does not fit its end
 * (fixed in React 19): a NUL in the page's text. HTML never holds one, so they are dropped.
 */
function withoutTrailingNuls(chunk: Buffer): Buffer {
  let end = chunk.length
  while (end > 0 && chunk[end - 1] === 0) end--
  return end === chunk.length ? chunk : chunk.subarray(0, end)
}
