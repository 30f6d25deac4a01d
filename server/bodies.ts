// One body limit per kind of route, checked from Content-Length and counted while a chunked body streams in. Over it,
// a 413 in the route's own language, and the rest of the body is dropped as it arrives so the client reads the answer.
import type express from 'express'
import type { ErrorBody } from '../protocol/shared/errors.js'
import {
  bodyTooLargeMessage,
  FORM_BODY_LIMIT,
  PROTOCOL_BODY_LIMIT,
  sizeInWords,
} from '../service/dispatch/body-limits.js'
import { tooLargePage } from './too-large-page.js'
import { SCIM_BASE_PATH } from '../protocol/directory/directory.js'
import { errorBody, ScimError, SCIM_CONTENT_TYPE } from '../service/directory/scim-protocol.js'
import { isApiV1Path } from '../protocol/api/api-v1.js'
import { ApiProblem, sendProblem } from '../service/api/problems.js'
import { requestOrigin } from '../service/dispatch/origin.js'

export type BodyKind = 'protocol' | 'scim' | 'form' | 'manage' | 'upload'

export const BODY_LIMITS: ReadonlyMap<BodyKind, number> = new Map<BodyKind, number>([
  // POST /api/… (the licensing protocol, the payment provider's webhooks and shop calls).
  ['protocol', PROTOCOL_BODY_LIMIT],
  // A SCIM client's request (a group PATCH naming thousands of members fits).
  ['scim', PROTOCOL_BODY_LIMIT],
  // A page's form outside /manage: its longest fields are a name or an address.
  ['form', FORM_BODY_LIMIT],
  // A form of /manage: a company's bulk assign carries its whole list of addresses (10,000 licenses fit).
  ['manage', 2 * 1024 * 1024],
  // The seat list's import: a file of at most 1 MB with its form, or the plan of its 5,000 rows.
  ['upload', 4 * 1024 * 1024],
])

/** How long the rest of a body no one reads is dropped as it arrives before the connection is closed. */
const LINGER_MS = 5_000

export function bodyKindOf(req: express.Request): BodyKind {
  if (req.path.startsWith('/api/')) return 'protocol'
  if (req.path.startsWith(SCIM_BASE_PATH)) return 'scim'
  if (req.path === '/manage' || req.path === '/manage/')
    return req.query.dialog === 'import-seats' ? 'upload' : 'manage'
  return 'form'
}

const limitOf = (kind: BodyKind) => BODY_LIMITS.get(kind) ?? FORM_BODY_LIMIT

/** What the sender is told: what was too large, the limit, and what to do. */
export function tooLargeMessage(kind: BodyKind): string {
  const limit = limitOf(kind)
  if (kind === 'protocol' || kind === 'scim') return bodyTooLargeMessage(limit)
  if (kind === 'upload')
    return `The upload is larger than ${sizeInWords(limit)}, the most the portal accepts. Choose a file of at most 1 MB.`
  return `The form is larger than ${sizeInWords(limit)}, the most the portal accepts. Shorten what you entered and send it again.`
}

/** A body stream that went over its limit (the 413 is answered already). */
export class BodyTooLargeError extends Error {
  constructor(readonly kind: BodyKind) {
    super(tooLargeMessage(kind))
    this.name = 'BodyTooLargeError'
  }
}

/** Answers 413 for a body over its kind's limit; the rest of the body is never read (see `boundedBodies`). */
export function refuseBody(
  req: express.Request,
  res: express.Response,
  kind: BodyKind,
  publicUrl = requestOrigin(req),
): void {
  if (res.headersSent) return
  const message = tooLargeMessage(kind)
  res.status(413).set('Cache-Control', 'no-store')
  if (kind === 'protocol' && isApiV1Path(req.path)) {
    sendProblem(res, publicUrl, new ApiProblem(413, 'MALFORMED_REQUEST', message))
  } else if (kind === 'protocol') {
    res.type('application/json').send(JSON.stringify({ error: 'MALFORMED_REQUEST', message } satisfies ErrorBody))
  } else if (kind === 'scim') {
    res.type(SCIM_CONTENT_TYPE).send(JSON.stringify(errorBody(new ScimError(413, message))))
  } else if (typeof req.query._data === 'string') {
    // A page's data request (script on): the message shows in the portal's error boundary.
    res.set('X-Remix-Catch', 'yes').type('application/json').send(JSON.stringify({ message }))
  } else {
    res.type('html').send(tooLargePage(message))
  }
}

function declaredLength(req: express.Request): number | undefined {
  const header = req.headers['content-length']
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined
}

/** Refuses a declared body over its kind's limit before anything reads it; `Expect: 100-continue` is answered here. */
export function boundedBodies(publicUrlOf: (req: express.Request) => string = requestOrigin): express.RequestHandler {
  return (req, res, next) => {
    res.once('finish', () => {
      if (req.complete) return
      const timer = setTimeout(() => req.socket.destroy(), LINGER_MS)
      req.once('end', () => clearTimeout(timer))
      // Flowing with no reader: each chunk is dropped as it arrives.
      req.resume()
    })
    const length = declaredLength(req)
    const kind = bodyKindOf(req)
    if (length !== undefined && length > limitOf(kind)) return refuseBody(req, res, kind, publicUrlOf(req))
    if (/^100-continue$/i.test(req.headers.expect ?? '')) res.writeContinue()
    next()
  }
}

/** The body as a web stream that errors (the 413 answered) past its kind's limit; it pauses while the reader lags. */
export function boundedBody(req: express.Request, res: express.Response): ReadableStream<Uint8Array> {
  const kind = bodyKindOf(req)
  const limit = limitOf(kind)
  let received = 0
  let settled = false
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const settle = () => {
    settled = true
    req.off('data', onData)
  }
  const onData = (chunk: Buffer) => {
    received += chunk.length
    if (received > limit) {
      settle()
      refuseBody(req, res, kind)
      controller.error(new BodyTooLargeError(kind))
      return
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
    if ((controller.desiredSize ?? 0) <= 0) req.pause()
  }
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c
        req.on('data', onData)
        // Answered before the body was read to its end (a redirect to sign in, say): the rest is no one's.
        res.once('finish', () => {
          if (settled) return
          settle()
          controller.error(new Error('The request was answered before its body was read.'))
          req.resume()
        })
        req.once('end', () => {
          if (settled) return
          settle()
          controller.close()
        })
        // Cut short by the client: whoever reads sees a failure, never a shorter body.
        req.once('close', () => {
          if (settled) return
          settle()
          controller.error(new Error('The request body was cut short.'))
        })
        req.once('error', (err) => {
          if (settled) return
          settle()
          controller.error(err)
        })
      },
      pull() {
        if (!settled) req.resume()
      },
      cancel() {
        settle()
        req.pause()
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  )
}
