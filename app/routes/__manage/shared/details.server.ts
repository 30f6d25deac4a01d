/**
 * What the /manage dialogs' loaders and actions share: finding a company in the page's windowed answer, answering a
 * 404 or a 403, and turning a refusal of the licensing service into either the session dialog or a message for the
 * form. Rows the page does not show are read with `license-reads.server.ts`.
 */
import { json, redirect } from '@remix-run/node'
import type { Company } from '#protocol/entities'
import type { Details } from '#protocol/operations'
import type { ErrorCode } from '#protocol/errors'
import { errorMessageFor } from '#app/rules/messages'
import { isSessionError } from '#app/utils/licensing.server'

/** A company of the page's answer (every company the user holds a role in is there, with its name and flags). */
export function findCompany(details: Details, companyId: string | null): Company | undefined {
  return details.body.companies.find((c) => c.id === companyId)
}

/** A dialog for something that is not the user's, or not there: 404, as the route's error boundary shows it. */
export function notFound(): never {
  throw json({ message: 'Not found' }, { status: 404 })
}

export function forbidden(): never {
  throw json({ message: 'Forbidden' }, { status: 403 })
}

/**
 * A refusal of the service inside an action: session errors end in the session dialog (via /manage), anything else
 * becomes a message for the form, with the status the reply should carry.
 */
export function refusal(error: ErrorCode): { message: string; status: number } {
  if (isSessionError(error)) throw redirect('/manage')
  return { message: errorMessageFor(error), status: error === 'UNEXPECTED' ? 502 : 400 }
}
