// What the /manage dialogs' loaders and actions share; other rows are read by `license-reads.server.ts`.
import { json, redirect } from '@remix-run/node'
import type { Company } from '#protocol/entities'
import type { Details } from '#protocol/operations'
import type { ErrorCode } from '#protocol/shared/errors'
import { errorMessageFor } from '#app/rules/messages/errors'
import { isSessionError } from '#app/utils/licensing.server'

/** Every company the user holds a role in is there, with its name and flags. */
export function findCompany(details: Details, companyId: string | null): Company | undefined {
  return details.body.companies.find((c) => c.id === companyId)
}

/** Not the user's, or not there. */
export function notFound(): never {
  throw json({ message: 'Not found' }, { status: 404 })
}

export function forbidden(): never {
  throw json({ message: 'Forbidden' }, { status: 403 })
}

/** Session errors end in the session dialog (via /manage); anything else is a message for the form. */
export function refusal(error: ErrorCode): { message: string; status: number } {
  if (isSessionError(error)) throw redirect('/manage')
  const status = error === 'UNEXPECTED' ? 502 : error === 'OUTCOME_UNKNOWN' ? 504 : 400
  return { message: errorMessageFor(error), status }
}
