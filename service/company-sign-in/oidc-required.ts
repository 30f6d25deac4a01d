// Which company sign-in applies to an address (by its verified domain), and the refusal of the other ways in when
// the company requires it: email links and GitHub/Google sign-in all ask here.
import { companySignInRequiredMessage } from '../../protocol/company-sign-in/company-sign-in.js'
import { domainOfEmail } from '../../protocol/domains/domains.js'
import type { DB } from '../db/database.js'
import { ServiceError } from '../dispatch/errors.js'

export type CompanySignIn = { companyId: string; companyName: string; required: boolean; domain: string }

/** The company sign-in of `email`: its domain is verified by a company that has one set up; else null. */
export async function companySignInOf(db: DB, email: string): Promise<CompanySignIn | null> {
  const domain = domainOfEmail(email)
  if (!domain) return null
  const row = await db
    .selectFrom('company_domains as d')
    .innerJoin('company_sign_in as s', 's.company_id', 'd.company_id')
    .innerJoin('companies as c', 'c.id', 'd.company_id')
    .select(['d.company_id', 'c.name', 's.required'])
    .where('d.domain', '=', domain)
    .where('d.status', '=', 'verified')
    .executeTakeFirst()
  return row ? { companyId: row.company_id, companyName: row.name, required: row.required === 1, domain } : null
}

/** SSO_REQUIRED, saying how to sign in, for someone whose company requires its own sign-in. */
export async function refuseWhenCompanySignInRequired(db: DB, email: string): Promise<void> {
  const signIn = await companySignInOf(db, email)
  if (signIn?.required) {
    throw new ServiceError('SSO_REQUIRED', companySignInRequiredMessage(signIn.companyName, signIn.domain))
  }
}
