// Seats that follow the company's directory: groups mapped to products, the seat queue, directory-owned products.
import * as z from 'zod/mini'
import { Id } from '../shared/limits.js'
import { ACCESS_TOKEN_MAX_DAYS, AccessTokenName } from '../shared/access-tokens.js'
import { AccessToken } from '../shared/access-token-reads.js'
import { ProductGroup } from '../entities.js'
import { EMAIL_MAX_LENGTH } from '../shared/email.js'

export const directoryProductGroups = [
  'wallaby',
  'quokka',
  'bundle',
  'other',
] as const satisfies readonly ProductGroup[]

export const SCIM_BASE_PATH = '/scim/v2/'

export const directorySeatRefusal = (holder: string) =>
  `${holder} holds this seat through the company's identity provider: remove them from the group there, or remove the group's mapping in Directory, to free it.`
export const ownedProductRefusal = (product: string) =>
  `The identity provider assigns the seats of ${product} for this company. Change the people in its groups, or turn off "The directory owns ${product}" in Directory, to assign by hand.`

/** The seats the ownership switch would free changed since the administrator looked. */
export const ownershipChangedMessage =
  'The seats this would free have changed since you looked. Review the new list and confirm again.'

export const DirectoryMapping = z.object({
  groupId: z.string(),
  groupName: z.string(),
  productGroup: ProductGroup,
})
export type DirectoryMapping = z.infer<typeof DirectoryMapping>

export const DirectoryProduct = z.object({
  productGroup: ProductGroup,
  name: z.string(),
  /** Hand-assigned seats included. */
  owned: z.boolean(),
  /** Unassigned, unexpired, assignable licenses of the product. */
  free: z.number(),
  /** Held for people in mapped groups (or auto-joined). */
  held: z.number(),
  /** Hand-assigned seats that turning ownership on would free (holders in no mapped group). */
  wouldFree: z.array(z.string()),
  /** Longest-waiting first (the first 500). */
  queue: z.array(z.object({ email: z.string(), since: z.number() })),
  /** `/shop/{slug}/buy/`, when the shop sells it. */
  shopSlug: z.nullable(z.string()),
})
export type DirectoryProduct = z.infer<typeof DirectoryProduct>

const companyId = Id
const completed = z.object({ completed: z.literal(true) })

/** Each refused (FORBIDDEN) unless the caller may manage the company's people. */
export const directoryOperations = {
  retrieveDirectory: {
    reads: true,
    payload: z.object({ companyId }),
    result: z.object({
      company: z.object({ id: z.string(), name: z.string() }),
      scimBaseUrl: z.string(),
      tokens: z.array(AccessToken),
      users: z.number(),
      groups: z.array(z.object({ id: z.string(), name: z.string(), members: z.number() })),
      mappings: z.array(DirectoryMapping),
      products: z.array(DirectoryProduct),
    }),
  },
  /** The secret is never shown again; a repeat of the request is refused. */
  createScimToken: {
    payload: z.object({
      companyId,
      name: AccessTokenName,
      expiresInDays: z._default(z.int().check(z.gte(0), z.lte(ACCESS_TOKEN_MAX_DAYS)), 0),
    }),
    result: z.object({ token: AccessToken, secret: z.string() }),
  },
  revokeScimToken: {
    payload: z.object({ companyId, tokenId: Id }),
    result: completed,
  },
  /** Exactly these products afterwards; an empty list unmaps the group. */
  mapDirectoryGroup: {
    payload: z.object({
      companyId,
      groupId: Id,
      productGroups: z.array(ProductGroup).check(z.maxLength(4)),
    }),
    result: completed,
  },
  /** Turning it on frees `expectedReleases`; refused (INVALID_STATE) when that list no longer holds. */
  setDirectoryOwnership: {
    payload: z.object({
      companyId,
      productGroup: ProductGroup,
      owned: z.boolean(),
      expectedReleases: z._default(
        z.array(z.string().check(z.maxLength(EMAIL_MAX_LENGTH))).check(z.maxLength(10_000)),
        [],
      ),
    }),
    result: completed,
  },
}
