/**
 * What the company dialogs' loaders and actions share: finding a company, a license or a subscription in the details
 * the page read, answering a 404 or a 403, and turning a refusal of the licensing service into either the session
 * dialog or a message for the form.
 */
import { json, redirect } from '@remix-run/node'
import type { Company, License, Subscription } from '#protocol/entities'
import type { Details } from '#protocol/operations'
import type { ErrorCode } from '#protocol/errors'
import { errorMessageFor } from '#app/rules/messages'
import { isSessionError } from '#app/utils/licensing.server'

export function findCompany(details: Details, companyId: string | null): Company | undefined {
  return details.body.companies.find((c) => c.id === companyId)
}

/** A license of one of the user's companies, with its company. */
export function findCompanyLicense(details: Details, licenseId: string | null) {
  for (const company of details.body.companies) {
    const license = company.licenses.find((l) => l.id === licenseId)
    if (license) return { company, license }
  }
  return undefined
}

/** Any license the page shows: personal (owned or assigned) or a company's. */
export function findLicense(
  details: Details,
  licenseId: string | null,
): { license: License; company?: Company } | undefined {
  const personal = details.body.personal.licenses.find((l) => l.id === licenseId)
  return personal ? { license: personal } : findCompanyLicense(details, licenseId)
}

/** Any subscription the page shows. */
export function findSubscription(
  details: Details,
  subscriptionId: string | null,
): { subscription: Subscription; company?: Company } | undefined {
  const personal = details.body.personal.subscriptions.find((s) => s.subscriptionId === subscriptionId)
  if (personal) return { subscription: personal }
  for (const company of details.body.companies) {
    const subscription = company.subscriptions.find((s) => s.subscriptionId === subscriptionId)
    if (subscription) return { subscription, company }
  }
  return undefined
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
