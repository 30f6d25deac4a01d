// The REST API v1's endpoints for the company's directory (SCIM): its tokens, which products each group's members get
// a seat of, and the products whose seats it owns. All of it decides who holds a seat by who is in the identity
// provider, as a domain's auto-join does: `people`, reads with `read`.
import * as z from 'zod/mini'
import { directoryProductGroups } from '../directory/directory.js'
import { ProductGroup } from '../entities.js'
import { EMAIL_MAX_LENGTH } from '../shared/email.js'
import { endpoint } from './api-endpoint.js'
import { CompanyParams } from './api-v1.js'
import { CreatedToken, CreateTokenBody, TokenList } from './api-v1-access-endpoints.js'
import { Completed } from './api-v1-manage.js'

/** A SCIM token has the one scope the identity provider needs: it is given only a name and a life. */
export const CreateScimTokenBody = z.pick(CreateTokenBody, { name: true, expiresInDays: true })

export const DirectoryGroup = z.object({
  id: z.string(),
  name: z.string(),
  members: z.int(),
  /** The products its members get a seat of; none: the group is not mapped. */
  productGroups: z.array(ProductGroup),
})
export const DirectoryProduct = z.object({
  productGroup: ProductGroup,
  name: z.string(),
  /** The directory owns its seats: hand-assigned ones too, and people in no mapped group lose theirs. */
  owned: z.boolean(),
  /** Unassigned, unexpired licenses, and those held for people in mapped groups. */
  free: z.int(),
  held: z.int(),
  /** Who would lose a hand-assigned seat if the directory owned it: the `expectedReleases` that turning it on takes. */
  wouldFree: z.array(z.string()),
})
export const Directory = z.object({
  /** Where the identity provider sends SCIM requests, with a SCIM token. */
  scimBaseUrl: z.string(),
  users: z.int(),
  groups: z.array(DirectoryGroup),
  products: z.array(DirectoryProduct),
})
const id = z.string().check(z.minLength(1), z.maxLength(200))
export const ScimTokenParams = z.extend(CompanyParams, { scimTokenId: id })
export const GroupParams = z.extend(CompanyParams, { groupId: id })
export const MapGroupBody = z.object({ productGroups: z.array(ProductGroup).check(z.maxLength(4)) })
export const DirectoryProductParams = z.extend(CompanyParams, { productGroup: z.enum(directoryProductGroups) })
export const OwnershipBody = z.object({
  owned: z.boolean(),
  /** When turning it on: the product's `wouldFree` as read; refused (422) if it changed, and nothing changes. */
  expectedReleases: z._default(z.array(z.string().check(z.maxLength(EMAIL_MAX_LENGTH))).check(z.maxLength(10_000)), []),
})

const company = { params: CompanyParams, refusals: [403, 404], example: {} } as const

export const directoryEndpoints = {
  getDirectory: endpoint({
    ...company,
    method: 'get',
    path: '/companies/{companyId}/directory',
    operationId: 'getDirectory',
    summary: "The company's directory",
    description:
      'Its SCIM address, how many users it has, its groups with the products each is mapped to, and each product ' +
      'with whether the directory owns its seats.',
    scope: 'read',
    response: Directory,
  }),
  listScimTokens: endpoint({
    ...company,
    method: 'get',
    path: '/companies/{companyId}/scim-tokens',
    operationId: 'listScimTokens',
    summary: "The company's SCIM tokens",
    description: 'Each with who made it, when it expires and was last used; never a secret.',
    scope: 'read',
    response: TokenList,
  }),
  createScimToken: endpoint({
    method: 'post',
    path: '/companies/{companyId}/scim-tokens',
    operationId: 'createScimToken',
    summary: 'Create a SCIM token',
    description:
      'For the identity provider (Entra ID, Okta) to send users and groups with; the answer holds its secret, shown ' +
      'only here: a repeat of the Idempotency-Key is refused (422), never answered with it.',
    scope: 'people',
    params: CompanyParams,
    body: CreateScimTokenBody,
    response: CreatedToken,
    refusals: [403, 404, 422],
    example: { body: { name: 'Okta', expiresInDays: 365 } },
    secretAnswer: true,
  }),
  revokeScimToken: endpoint({
    method: 'post',
    path: '/companies/{companyId}/scim-tokens/{scimTokenId}/revoke',
    operationId: 'revokeScimToken',
    summary: 'Revoke a SCIM token',
    description: 'The identity provider is refused with it from then on; revoking a revoked token changes nothing.',
    scope: 'people',
    params: ScimTokenParams,
    response: Completed,
    refusals: [403, 404],
    example: {},
  }),
  mapDirectoryGroup: endpoint({
    method: 'post',
    path: '/companies/{companyId}/directory/groups/{groupId}',
    operationId: 'mapDirectoryGroup',
    summary: "Set the products a directory group's members get",
    description:
      'Exactly these products afterwards; none unmaps the group. Its members get a free seat of each, or wait in ' +
      'the seat queue.',
    scope: 'people',
    params: GroupParams,
    body: MapGroupBody,
    response: DirectoryGroup,
    refusals: [403, 404],
    example: { body: { productGroups: ['wallaby'] } },
  }),
  setDirectoryOwnership: endpoint({
    method: 'post',
    path: '/companies/{companyId}/directory/products/{productGroup}',
    operationId: 'setDirectoryOwnership',
    summary: 'Let the directory own a product’s seats, or take them back',
    description:
      'Turned on, hand-assigned seats of people in no mapped group are freed (`expectedReleases`, as read); turned ' +
      'off, seats assigned by hand stay as they are.',
    scope: 'people',
    params: DirectoryProductParams,
    body: OwnershipBody,
    response: DirectoryProduct,
    refusals: [403, 404, 422],
    example: { body: { owned: false } },
  }),
}
