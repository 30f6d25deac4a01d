// The Directory dialogs' forms, on the server and in the browser: the same messages either way.
import * as z from 'zod/mini'
import { Id } from '#protocol/shared/limits'
import { ProductGroup } from '#protocol/shared/choices'
import { tokenLifetimeField, tokenNameField } from '../shared/access-token-fields'
import { EMAIL_MAX_LENGTH } from '#protocol/shared/email'

/** 0: until revoked. */
export const scimTokenSchema = z.object({
  company: Id,
  name: tokenNameField,
  expiresInDays: tokenLifetimeField,
})

export { RevokeTokenSchema } from '../shared/access-token-fields'

export const MapGroupSchema = z.object({
  company: Id,
  group: Id,
  products: z.array(ProductGroup).check(z.maxLength(4)),
})

export const OwnershipSchema = z.object({
  company: Id,
  product: ProductGroup,
  owned: z.enum(['on', 'off']),
  expected: z.array(z.string().check(z.maxLength(EMAIL_MAX_LENGTH))).check(z.maxLength(10_000)),
})
