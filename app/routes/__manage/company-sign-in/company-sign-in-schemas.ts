// The Single Sign-On form's schema (server and browser): the protocol's issuer and client ID rules; the client secret
// is required until one is set.
import * as z from 'zod'
import { ClientId, IssuerUrl, clientSecretRequired } from '#protocol/company-sign-in'

export function companySignInSchema(secretSet: boolean) {
  return z.object({
    company: z.string().min(1),
    issuer: IssuerUrl,
    clientId: ClientId,
    clientSecret: secretSet
      ? z.string().max(2000).optional()
      : z.string({ message: clientSecretRequired }).min(1, { message: clientSecretRequired }).max(2000),
    // A checkbox: absent when cleared.
    required: z.boolean().optional(),
  })
}

export const RemoveCompanySignInSchema = z.object({ company: z.string().min(1) })
