// How the sandbox's routes read a request (query or form values as strings) and pass an async failure on.
import type express from 'express'
import { bareRecord } from '../protocol/shared/own.js'

export type Input = Record<string, string | undefined>

/** Query or form values, first value of each, strings only. */
export function input(source: unknown): Input {
  const out: Input = bareRecord()
  if (!source || typeof source !== 'object') return out
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value
    if (typeof first === 'string') out[key] = first.slice(0, 4000)
  }
  return out
}

export const nonceOf = (res: express.Response) =>
  typeof res.locals.cspNonce === 'string' ? res.locals.cspNonce : undefined

/** An async handler whose failure reaches the error page (Express 4 drops rejected promises); 'next' passes on. */
export function handle(
  fn: (req: express.Request, res: express.Response) => Promise<unknown>,
): (req: express.Request, res: express.Response, next: express.NextFunction) => void {
  return (req, res, next) => {
    fn(req, res).then((outcome) => {
      if (outcome === 'next') next()
    }, next)
  }
}

/** A body parser's own refusal (too large, malformed): the service's error handler answers it. */
export const isBodyRefusal = (err: unknown) =>
  typeof err === 'object' && err !== null && 'type' in err && 'status' in err && Number(err.status) < 500
