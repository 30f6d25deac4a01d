// The company sign-in's calls, their payloads and answers.
import * as z from 'zod/mini'
import { Id } from '../shared/limits.js'
import { Email } from '../shared/payloads.js'
import { ClientId, IssuerUrl } from './settings.js'

export const CompanySignInSettings = z.object({
  issuer: z.string(),
  clientId: z.string(),
  /** The secret is never answered: only whether one is stored (and still opens with the configured key). */
  secretSet: z.boolean(),
  required: z.boolean(),
  updatedAt: z.number(),
  updatedBy: z.string(),
})
export type CompanySignInSettings = z.infer<typeof CompanySignInSettings>

const companyId = Id
const completed = z.object({ completed: z.literal(true) })

export const companySignInOperations = {
  /** The company's sign-in settings (null: none), its verified domains and the redirect URI to register. */
  retrieveCompanySignIn: {
    reads: true,
    payload: z.object({ companyId }),
    result: z.object({
      companyName: z.string(),
      redirectUri: z.string(),
      settings: z.nullable(CompanySignInSettings),
      verifiedDomains: z.array(z.string()),
    }),
  },
  /** Reads the issuer's discovery document, then saves. An empty `clientSecret` keeps the stored one. */
  updateCompanySignIn: {
    payload: z.object({
      companyId,
      issuer: IssuerUrl,
      clientId: ClientId,
      clientSecret: z._default(z.string().check(z.maxLength(2000)), ''),
      required: z._default(z.boolean(), false),
    }),
    result: completed,
  },
  removeCompanySignIn: { payload: z.object({ companyId }), result: completed },
  /** Whether an address signs in with its company's sign-in, and whether it must (by its domain alone). */
  companySignInFor: {
    reads: true,
    payload: z.object({ email: Email }),
    result: z.object({ company: z.nullable(z.object({ name: z.string(), required: z.boolean() })) }),
  },
  /** The provider's authorization address for the address typed (state, nonce and PKCE verifier stay here). */
  startCompanySignIn: {
    payload: z.object({ email: Email, callback: z.url().check(z.maxLength(2000)) }),
    result: z.object({ redirect: z.string(), companyName: z.string() }),
  },
  /** The provider's answer at the callback: a new session for the verified address at the company's domain. */
  completeCompanySignIn: {
    payload: z.object({
      state: z.string().check(z.minLength(1), z.maxLength(2000)),
      code: z.string().check(z.minLength(1), z.maxLength(4000)),
      iss: z.optional(z.string().check(z.maxLength(2000))),
    }),
    result: z.object({ completed: z.literal(true), session: z.string(), email: z.string(), admin: z.boolean() }),
  },
}
