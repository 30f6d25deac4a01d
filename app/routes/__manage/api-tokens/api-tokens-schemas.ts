// The API tokens dialogs' forms, on the server and in the browser: the same messages either way.
import * as z from 'zod/mini'
import { ApiTokenAccess } from '#protocol/api-tokens/api-tokens'
import { tokenLifetimeField, tokenNameField } from '../shared/access-token-fields'

const id = z.string().check(z.minLength(1), z.maxLength(200))

/** Without `company`, a personal token (read only; the service refuses more). */
export const apiTokenSchema = z.object({
  company: z.optional(id),
  name: tokenNameField,
  access: z._default(ApiTokenAccess, 'read'),
  expiresInDays: tokenLifetimeField,
})

export const RevokeApiTokenSchema = z.object({ company: z.optional(id), token: id })
