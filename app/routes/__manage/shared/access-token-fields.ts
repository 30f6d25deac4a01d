// The fields every access token form has (SCIM and API tokens), on the server and in the browser: the same messages.
import * as z from 'zod'
import { AccessTokenName, accessTokenLifetimes } from '#protocol/access-tokens'

export const tokenNameField = z.string({ message: 'Enter a name for the token.' }).pipe(AccessTokenName)

/** 0: until revoked. */
export const tokenLifetimeField = z.coerce
  .number<number>()
  .int()
  .refine((days) => (accessTokenLifetimes as readonly number[]).includes(days), {
    message: 'Choose one of the lifetimes offered.',
  })
  .default(0)

export const RevokeTokenSchema = z.object({ company: z.string().min(1).max(200), token: z.string().min(1).max(200) })
