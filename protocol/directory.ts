/**
 * Seats that follow the company's directory: its identity provider's groups mapped to products, the queue of people
 * waiting for a seat, and the products whose seats the directory owns. What the service enforces and the portal's
 * Directory dialog shows.
 */
import { z } from 'zod'
import { ACCESS_TOKEN_MAX_DAYS, AccessToken, AccessTokenName } from './access-tokens.js'
import { ProductGroup } from './entities.js'

/** The products a group can be mapped to: those the company's seats are licenses of. */
export const directoryProductGroups = [
  'wallaby',
  'quokka',
  'bundle',
  'other',
] as const satisfies readonly ProductGroup[]

/**
 * Who may manage a company's directory (its SCIM tokens, mappings and seat ownership): its Company and Reseller
 * Administrators (the roles that add users) and platform administrators.
 */
export function mayManageDirectory(flags: { canAddUsers: boolean }, platformAdministrator: boolean): boolean {
  return flags.canAddUsers || platformAdministrator
}

/** The SCIM service's address below the portal's public address. */
export const SCIM_BASE_PATH = '/scim/v2/'

/** Refusals of a change by hand to a seat the directory decides. */
export const directorySeatRefusal = (holder: string) =>
  `${holder} holds this seat through the company's identity provider: remove them from the group there, or remove the group's mapping in Directory, to free it.`
export const ownedProductRefusal = (product: string) =>
  `The identity provider assigns the seats of ${product} for this company. Change the people in its groups, or turn off "The directory owns ${product}" in Directory, to assign by hand.`

/** Refusal of the ownership switch when the seats it would free changed since the administrator looked. */
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
  /** The product's name (the catalog's). */
  name: z.string(),
  /** Whether the directory decides every seat of the product, hand-assigned ones included. */
  owned: z.boolean(),
  /** Free seats now: unassigned, unexpired, assignable licenses of the product. */
  free: z.number(),
  /** Seats the directory holds for people in mapped groups (or auto-joined). */
  held: z.number(),
  /** Seats assigned by hand that turning ownership on would free (their holders are in no mapped group). */
  wouldFree: z.array(z.string()),
  /** The people waiting for a seat, longest-waiting first (the first 500). */
  queue: z.array(z.object({ email: z.string(), since: z.number() })),
  /** The shop's name of the product (`/shop/{slug}/buy/`) when the shop sells it: where more seats are bought. */
  shopSlug: z.string().nullable(),
})
export type DirectoryProduct = z.infer<typeof DirectoryProduct>

const companyId = z.string().min(1).max(200)
const completed = z.object({ completed: z.literal(true) })

/** A SCIM token's life when it is made: until revoked, or this many days. */
export const scimTokenLifetimes = [0, 30, 90, 365] as const

/**
 * The Directory dialog's calls. Each is refused (FORBIDDEN) unless the caller may manage the company's people: a
 * Company or Reseller Administrator of it, or a platform administrator.
 */
export const directoryOperations = {
  retrieveDirectory: {
    payload: z.object({ companyId }),
    result: z.object({
      company: z.object({ id: z.string(), name: z.string() }),
      /** Where the identity provider is pointed: `{PUBLIC_URL}/scim/v2/`. */
      scimBaseUrl: z.string(),
      tokens: z.array(AccessToken),
      users: z.number(),
      groups: z.array(z.object({ id: z.string(), name: z.string(), members: z.number() })),
      mappings: z.array(DirectoryMapping),
      products: z.array(DirectoryProduct),
    }),
  },
  /** Makes a SCIM token and answers its secret, which is never shown again (a repeat of the request is refused). */
  createScimToken: {
    payload: z.object({
      companyId,
      name: AccessTokenName,
      /** 0: until revoked. */
      expiresInDays: z.number().int().min(0).max(ACCESS_TOKEN_MAX_DAYS).default(0),
    }),
    result: z.object({ token: AccessToken, secret: z.string() }),
  },
  revokeScimToken: { payload: z.object({ companyId, tokenId: z.string().min(1).max(200) }), result: completed },
  /** The products a group gives seats of, exactly these afterwards (an empty list unmaps the group). */
  mapDirectoryGroup: {
    payload: z.object({ companyId, groupId: z.string().min(1).max(200), productGroups: z.array(ProductGroup).max(4) }),
    result: completed,
  },
  /**
   * Whether the directory owns the product's seats. Turning it on frees the hand-assigned seats of people in no
   * mapped group: `expectedReleases` lists them as the caller saw them, and the call is refused (INVALID_STATE) when
   * that list no longer holds.
   */
  setDirectoryOwnership: {
    payload: z.object({
      companyId,
      productGroup: ProductGroup,
      owned: z.boolean(),
      expectedReleases: z.array(z.string().max(320)).max(10_000).default([]),
    }),
    result: completed,
  },
}
