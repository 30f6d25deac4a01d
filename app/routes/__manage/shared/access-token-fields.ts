// The fields every access token form has (SCIM and API tokens), on the server and in the browser: the same messages.
import * as z from 'zod/mini'
import { Id } from '#protocol/shared/limits'
import { AccessTokenName, accessTokenLifetimes } from '#protocol/shared/access-tokens'

export const tokenNameField = z.pipe(z.string({ message: 'Enter a name for the token.' }), AccessTokenName)

/** 0: until revoked. */
export const tokenLifetimeField = z._default(
  z.coerce.number<number>().check(
    z.int(),
    z.refine((days) => (accessTokenLifetimes as readonly number[]).includes(days), {
      message: 'Choose one of the lifetimes offered.',
    }),
  ),
  0,
)

export const RevokeTokenSchema = z.object({
  company: Id,
  token: Id,
})
