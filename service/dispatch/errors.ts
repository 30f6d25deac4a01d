import type { ErrorCode } from '../../protocol/shared/errors.js'
import { unexpectedError } from '../../protocol/shared/errors.js'

/** A refusal the service answers with status 500 and `{ error, message }` (spec §7). */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? defaultMessages[code] ?? code)
    this.name = 'ServiceError'
  }
}

const defaultMessages: Partial<Record<ErrorCode, string>> = {
  INVALID_AGE: 'The link or session has expired.',
  INVALID_SIGNATURE: 'The link or session is not valid.',
  NO_USER: 'There are no licenses associated with this email address.',
  NO_LOGON_LINK: 'This email address may not sign in with an email link.',
  MALFORMED_REQUEST: 'The request body must be a JSON object with exactly one operation.',
  UNKNOWN_OPERATION: 'The operation is not known.',
  INVALID_PAYLOAD: 'The payload does not match the operation.',
  NOT_AUTHENTICATED: 'Sign in first.',
  FORBIDDEN: 'You do not have permission to do that.',
  NOT_FOUND: 'Not found.',
  UNEXPECTED: unexpectedError,
}

export const fail = (code: ErrorCode, message?: string): never => {
  throw new ServiceError(code, message)
}
