// The SCIM 2.0 envelope (RFC 7644): media type, schema URNs, errors (§3.12), list responses (§3.4.2), `meta`.
export const SCIM_CONTENT_TYPE = 'application/scim+json'

export const schemaIds = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const

export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive'

/** For 400 and 409 with the `scimType`. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(message)
    this.name = 'ScimError'
  }
}

export const notFound = (what: string) => new ScimError(404, `${what} was not found.`)

export function errorBody(error: ScimError) {
  return {
    schemas: [schemaIds.error],
    status: String(error.status),
    ...(error.scimType ? { scimType: error.scimType } : {}),
    detail: error.message,
  }
}

/** ServiceProviderConfig's `filter.maxResults`; a larger `count` is cut to it. */
export const MAX_PAGE = 200
export const DEFAULT_PAGE = 100

/** The largest `startIndex` read; one beyond every result is an empty page anyway. */
const MAX_START = 2_147_483_647

/** RFC 7644 §3.4.2.4: 1-based (less than 1 is 1), `count` 0..MAX_PAGE; a larger one is the provider's maximum. */
export function paging(query: Record<string, unknown>): { startIndex: number; count: number } {
  const number = (value: unknown, fallback: number, name: string) => {
    if (value === undefined) return fallback
    if (typeof value !== 'string' || !/^[-+]?\d{1,400}$/.test(value.trim())) {
      throw new ScimError(400, `${name} must be a whole number, such as ${fallback}.`, 'invalidValue')
    }
    return Math.min(MAX_START, Number(value))
  }
  return {
    startIndex: Math.max(1, number(query.startIndex, 1, 'startIndex')),
    count: Math.min(MAX_PAGE, Math.max(0, number(query.count, DEFAULT_PAGE, 'count'))),
  }
}

export function listResponse(resources: readonly unknown[], totalResults: number, startIndex: number) {
  return {
    schemas: [schemaIds.list],
    totalResults,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  }
}

/** Its type, times, address and version (the ETag). */
export function meta(
  resourceType: 'User' | 'Group',
  row: { id: string; created_at: number; updated_at: number; version: number },
  base: string,
) {
  return {
    resourceType,
    created: new Date(Number(row.created_at)).toISOString(),
    lastModified: new Date(Number(row.updated_at)).toISOString(),
    location: `${base}${resourceType}s/${row.id}`,
    version: etag(row.version),
  }
}

export const etag = (version: number) => `W/"${version}"`

/** RFC 7644 §3.14: 412 unless it names the current version; no header, or `*`, matches any. */
export function checkIfMatch(header: string | undefined, version: number): void {
  if (!header || header.trim() === '*') return
  const wanted = header.split(',').map((v) => v.trim().replace(/^W\//, ''))
  if (!wanted.includes(`"${version}"`)) {
    throw new ScimError(412, 'The resource has changed since the version given in If-Match.')
  }
}

/** `name.givenName`, `urn:…:enterprise:2.0:User:department` → its path of lower-case names (the extension's URN first). */
function attributePath(attribute: string): string[] {
  const name = attribute.trim().toLowerCase()
  const extension = schemaIds.enterpriseUser.toLowerCase()
  if (name === extension) return [extension]
  if (name.startsWith(`${extension}:`)) return [extension, ...name.slice(extension.length + 1).split('.')]
  return name.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, '').split('.')
}

const attributePaths = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.split(',').map(attributePath) : undefined

/** RFC 7644 §3.4.2.5 (§3.10 names), case-insensitively; `id` and `schemas` are always returned. */
export function project(
  resource: Record<string, unknown>,
  query: { attributes?: unknown; excludedAttributes?: unknown },
): Record<string, unknown> {
  return select(resource, attributePaths(query.attributes), attributePaths(query.excludedAttributes), true)
}

function select(
  resource: Record<string, unknown>,
  include: string[][] | undefined,
  exclude: string[][] | undefined,
  top: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(resource)) {
    const name = key.toLowerCase()
    if (top && (name === 'id' || name === 'schemas')) {
      out[key] = value
      continue
    }
    const under = (paths: string[][] | undefined) => paths?.filter((p) => p[0] === name).map((p) => p.slice(1))
    const included = under(include)
    const excluded = under(exclude)
    if (included && included.length === 0) continue
    if (excluded?.some((p) => p.length === 0)) continue
    const whole = !included || included.some((p) => p.length === 0)
    const inner = (item: unknown) =>
      typeof item === 'object' && item !== null && !Array.isArray(item)
        ? select(item as Record<string, unknown>, whole ? undefined : included, excluded, false)
        : item
    if (whole && !excluded?.length) out[key] = value
    else out[key] = Array.isArray(value) ? value.map(inner) : inner(value)
  }
  return out
}
