// A company's sign-in settings as its administrators set them, checked alike by the form and the calls (`operations.ts`).
import * as z from 'zod/mini'
import { clientIdRequired, issuerInvalid, issuerRequired } from './company-sign-in.js'

/** An issuer: an absolute http(s) address without query or fragment, kept as given (a trailing slash is part of it). */
export const IssuerUrl = z.string({ message: issuerRequired }).check(
  z.trim(),
  z.minLength(1, { message: issuerRequired }),
  z.maxLength(500, { message: issuerInvalid }),
  z.refine(
    (value) => {
      try {
        const url = new URL(value)
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash && !url.username
      } catch {
        return false
      }
    },
    { message: issuerInvalid },
  ),
)

export const ClientId = z
  .string({ message: clientIdRequired })
  .check(
    z.trim(),
    z.minLength(1, { message: clientIdRequired }),
    z.maxLength(500, { message: 'Client ID is too long.' }),
  )
