// The REST API's refusals as RFC 9457 problem details: a status per error code, a stable `code`, `type` on /developers.
import type express from 'express'
import type { core } from 'zod/mini'
import {
  apiProblemCodes,
  problemAnchor,
  PROBLEM_CONTENT_TYPE,
  type ApiProblemCode,
  type Problem,
} from '../../protocol/api/api-v1.js'
import type { ErrorCode } from '../../protocol/shared/errors.js'
import { chargeErrorAdvice, chargeErrorTitle } from '../../protocol/subscriptions/subscriptions.js'
import { ServiceError } from '../dispatch/errors.js'

/** The answer of one refusal; `headers` go with it (WWW-Authenticate, Retry-After). */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiProblemCode,
    readonly detail: string,
    readonly extra: Pick<Problem, 'errors'> & { headers?: Record<string, string> } = {},
  ) {
    super(detail)
    this.name = 'ApiProblem'
  }
}

/** Each code the API answers with, by the service's code of the same name. */
const problemCodes = new Map<string, (typeof apiProblemCodes)[number]>(apiProblemCodes.map((p) => [p.code, p]))

/** The spec's text where the service's message is the payment provider's own words, which no answer repeats. */
const catalogueDetails = new Map<ErrorCode, string>([['CHARGE_ERROR', `${chargeErrorTitle} ${chargeErrorAdvice}`]])

/** A service refusal the API has no code of its own for is a request that does not fit (400, INVALID_PAYLOAD). */
export function problemOfServiceError(error: { code: ErrorCode; message: string }): ApiProblem {
  const known = problemCodes.get(error.code)
  return known
    ? new ApiProblem(known.status, known.code, catalogueDetails.get(error.code) ?? error.message)
    : new ApiProblem(400, 'INVALID_PAYLOAD', error.message)
}

export function problemOf(error: unknown): ApiProblem | undefined {
  if (error instanceof ApiProblem) return error
  if (error instanceof ServiceError) return problemOfServiceError(error)
  return undefined
}

/** A request that does not validate: every field's problem, each with its JSON pointer. */
export function invalidRequest(error: core.$ZodError, where: 'body' | 'query' | 'path'): ApiProblem {
  const errors = error.issues.map((issue) => ({
    pointer: `/${issue.path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`,
    detail: issue.message,
  }))
  const first = errors[0]
  const detail =
    where === 'body'
      ? `The request body is not valid${first ? `: ${first.pointer} ${first.detail}` : ''}.`
      : `The ${where === 'query' ? 'query' : 'address'} is not valid${first ? `: ${first.pointer.slice(1)} ${first.detail}` : ''}.`
  return new ApiProblem(400, 'INVALID_PAYLOAD', detail, { errors })
}

export const problemType = (publicUrl: string, code: ApiProblemCode) => `${publicUrl}/developers#${problemAnchor(code)}`

export function sendProblem(res: express.Response, publicUrl: string, problem: ApiProblem): void {
  for (const [name, value] of Object.entries(problem.extra.headers ?? {})) res.set(name, value)
  const body: Problem = {
    type: problemType(publicUrl, problem.code),
    title: problemCodes.get(problem.code)?.title ?? 'Error',
    status: problem.status,
    detail: problem.detail,
    code: problem.code,
    ...(problem.extra.errors ? { errors: problem.extra.errors } : {}),
  }
  res.status(problem.status).set('Cache-Control', 'no-store').type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body))
}
