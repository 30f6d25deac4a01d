// The Directory dialogs' forms, on the server and in the browser: the same messages either way.
import * as z from 'zod'
import { ProductGroup } from '#protocol/entities'
import { tokenLifetimeField, tokenNameField } from '../shared/access-token-fields'

const id = z.string().min(1).max(200)

/** 0: until revoked. */
export const scimTokenSchema = z.object({
  company: id,
  name: tokenNameField,
  expiresInDays: tokenLifetimeField,
})

export { RevokeTokenSchema } from '../shared/access-token-fields'

export const MapGroupSchema = z.object({ company: id, group: id, products: z.array(ProductGroup).max(4) })

export const OwnershipSchema = z.object({
  company: id,
  product: ProductGroup,
  owned: z.enum(['on', 'off']),
  expected: z.array(z.string().max(320)).max(10_000),
})
