// The entities' enumerations that forms check, apart from the entities: a dialog that checks one choice does not load
// every entity's schema (docs/decisions/0020).
import * as z from 'zod/mini'

export const productGroups = ['bundle', 'wallaby', 'quokka', 'other'] as const
export const ProductGroup = z.enum(productGroups)
export type ProductGroup = z.infer<typeof ProductGroup>

export const LogonLinkPolicy = z.enum(['default', 'always'])
export type LogonLinkPolicy = z.infer<typeof LogonLinkPolicy>
