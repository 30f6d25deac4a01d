// The API tokens dialogs' forms, on the server and in the browser: the same messages either way.
import * as z from 'zod/mini'
import { Id } from '#protocol/shared/limits'
import { ApiTokenScope, chooseAScope } from '#protocol/api-tokens/api-tokens'
import { apiTokenScopes } from '#protocol/shared/access-tokens'
import { tokenLifetimeField, tokenNameField } from '../shared/access-token-fields'

/** Without `company`, a personal token (read and keys at most; the service refuses more). */
export const apiTokenSchema = z.object({
  company: z.optional(Id),
  name: tokenNameField,
  // No box ticked sends no field at all: the default lets the check say what to do.
  scopes: z
    ._default(z.array(ApiTokenScope), [])
    .check(z.minLength(1, { message: chooseAScope }), z.maxLength(apiTokenScopes.length)),
  expiresInDays: tokenLifetimeField,
})

export const RevokeApiTokenSchema = z.object({ company: z.optional(Id), token: Id })
