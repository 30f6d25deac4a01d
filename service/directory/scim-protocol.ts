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

/** RFC 7644 §3.4.2.4: 1-based (less than 1 is 1), `count` 0..MAX_PAGE. */
export function paging(query: Record<string, unknown>): { startIndex: number; count: number } {
  const number = (value: unknown, fallback: number) => {
    if (value === undefined) return fallback
    if (typeof value !== 'string' || !/^-?\d{1,9}$/.test(value.trim())) {
      throw new ScimError(400, 'startIndex and count must be whole numbers.', 'invalidValue')
    }
    return Number(value)
  }
  return {
    startIndex: Math.max(1, number(query.startIndex, 1)),
    count: Math.min(MAX_PAGE, Math.max(0, number(query.count, DEFAULT_PAGE))),
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

/** RFC 7644 §3.4.2.5, case-insensitively; `id` and `schemas` are always returned. */
export function project(
  resource: Record<string, unknown>,
  query: { attributes?: unknown; excludedAttributes?: unknown },
): Record<string, unknown> {
  const list = (value: unknown) =>
    typeof value === 'string' && value.trim() !== ''
      ? value.split(',').map((a) =>
          a
            .trim()
            .toLowerCase()
            .replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, ''),
        )
      : undefined
  const include = list(query.attributes)
  const exclude = list(query.excludedAttributes)
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(resource)) {
    const name = key.toLowerCase()
    if (name === 'id' || name === 'schemas') out[key] = value
    else if (include) {
      if (include.includes(name)) out[key] = value
      else {
        const subs = include.filter((a) => a.startsWith(`${name}.`)).map((a) => a.slice(name.length + 1))
        if (subs.length && value && typeof value === 'object' && !Array.isArray(value)) {
          out[key] = Object.fromEntries(Object.entries(value).filter(([k]) => subs.includes(k.toLowerCase())))
        }
      }
    } else if (!exclude?.includes(name)) out[key] = value
  }
  return out
}
