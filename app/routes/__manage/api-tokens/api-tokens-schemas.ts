// The API tokens dialogs' forms, on the server and in the browser: the same messages either way.
import * as z from 'zod'
import { ApiTokenAccess } from '#protocol/api-tokens'
import { tokenLifetimeField, tokenNameField } from '../shared/access-token-fields'

const id = z.string().min(1).max(200)

/** Without `company`, a personal token (read only; the service refuses more). */
export const apiTokenSchema = z.object({
  company: id.optional(),
  name: tokenNameField,
  access: ApiTokenAccess.default('read'),
  expiresInDays: tokenLifetimeField,
})

export const RevokeApiTokenSchema = z.object({ company: id.optional(), token: id })
