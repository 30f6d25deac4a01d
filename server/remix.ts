// The Remix handler of @remix-run/express, with the request's body bounded (server/bodies.ts): a page's action reads
// at most its kind's limit, and a body over it is answered 413 at once while the action's own answer is dropped.
// Everything else is as the adapter does it (the same URL, headers, abort on a closed connection, response writing);
// the adapter exports only its whole handler, so its few lines are written out here.
import type { GetLoadContextFunction } from '@remix-run/express'
import { createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from '@remix-run/node'
import type express from 'express'
import { boundedBody } from './bodies.js'

export function remixHandler(options: {
  build: ServerBuild
  getLoadContext: GetLoadContextFunction
}): express.RequestHandler {
  // As in production whatever the build: never a stack or a file path in an answer (the log keeps the details).
  const handle = createRequestHandler(options.build, 'production')
  return async (req, res, next) => {
    try {
      const request = remixRequest(req, res)
      const response = await handle(request, await options.getLoadContext(req, res))
      // The body went over its limit while the action read it: the 413 is out already.
      if (res.headersSent) return
      await sendRemixResponse(res, response)
    } catch (error) {
      next(error)
    }
  }
}

/** As the adapter's `createRemixRequest`, with the body read through `boundedBody`. */
function remixRequest(req: express.Request, res: express.Response): Request {
  // req.hostname has no port and honours "trust proxy"; the port comes from X-Forwarded-Host or Host.
  const port = [req.get('X-Forwarded-Host'), req.get('host')]
    .map((host) => Number.parseInt(host?.split(':')[1] ?? '', 10))
    .find((n) => Number.isSafeInteger(n))
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`)
  let controller: AbortController | null = new AbortController()
  const init: RequestInit & { duplex?: 'half' } = {
    method: req.method,
    headers: requestHeaders(req.headers),
    signal: controller.signal,
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = boundedBody(req, res)
    init.duplex = 'half'
  }
  // Loaders and actions are aborted when the answer can no longer be written (`close` without `finish`).
  res.on('finish', () => (controller = null))
  res.on('close', () => controller?.abort())
  return new Request(url.href, init)
}

function requestHeaders(headers: express.Request['headers']): Headers {
  const out = new Headers()
  for (const [name, values] of Object.entries(headers)) {
    if (values === undefined) continue
    for (const value of Array.isArray(values) ? values : [values]) out.append(name, value)
  }
  return out
}

/** As the adapter's `sendRemixResponse`. */
async function sendRemixResponse(res: express.Response, response: Response): Promise<void> {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers.entries()) res.append(name, value)
  if (response.headers.get('Content-Type')?.match(/text\/event-stream/i)) res.flushHeaders()
  if (response.body) await writeReadableStreamToWritable(response.body, res)
  else res.end()
}
