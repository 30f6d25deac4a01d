// The Single Sign-On form's schema (server and browser): the protocol's issuer and client ID rules; the client secret
// is required until one is set.
import * as z from 'zod/mini'
import { clientSecretRequired } from '#protocol/company-sign-in/company-sign-in'
import { ClientId, IssuerUrl } from '#protocol/company-sign-in/settings'

export function companySignInSchema(secretSet: boolean) {
  return z.object({
    company: z.string().check(z.minLength(1)),
    issuer: IssuerUrl,
    clientId: ClientId,
    clientSecret: secretSet
      ? z.optional(z.string().check(z.maxLength(2000)))
      : z
          .string({ message: clientSecretRequired })
          .check(z.minLength(1, { message: clientSecretRequired }), z.maxLength(2000)),
    // A checkbox: absent when cleared.
    required: z.optional(z.boolean()),
  })
}

export const RemoveCompanySignInSchema = z.object({ company: z.string().check(z.minLength(1)) })
