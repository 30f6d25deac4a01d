// The Directory dialogs' forms, on the server and in the browser: the same messages either way.
import { z } from 'zod'
import { AccessTokenName } from '#protocol/access-tokens'
import { scimTokenLifetimes } from '#protocol/directory'
import { ProductGroup } from '#protocol/entities'

const id = z.string().min(1).max(200)

/** 0: until revoked. */
export const scimTokenSchema = z.object({
  company: id,
  name: z.string({ message: 'Enter a name for the token.' }).pipe(AccessTokenName),
  expiresInDays: z.coerce
    .number()
    .int()
    .refine((days) => (scimTokenLifetimes as readonly number[]).includes(days), {
      message: 'Choose one of the lifetimes offered.',
    })
    .default(0),
})

export const RevokeTokenSchema = z.object({ company: id, token: id })

export const MapGroupSchema = z.object({ company: id, group: id, products: z.array(ProductGroup).max(4) })

export const OwnershipSchema = z.object({
  company: id,
  product: ProductGroup,
  owned: z.enum(['on', 'off']),
  expected: z.array(z.string().max(320)).max(10_000),
})
