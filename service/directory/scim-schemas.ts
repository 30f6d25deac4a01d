// The SCIM attributes kept (RFC 7643 §4.1–4.3), matched case-insensitively (§2.1); others ignored, never a password.
import { ScimError, schemaIds } from './scim-protocol.js'

type Attribute = {
  name: string
  type?: 'string' | 'boolean' | 'complex' | 'reference'
  multiValued?: boolean
  required?: boolean
  caseExact?: boolean
  mutability?: 'readOnly' | 'readWrite' | 'immutable'
  uniqueness?: 'none' | 'server'
  subAttributes?: Attribute[]
}

const str = (name: string, extra: Partial<Attribute> = {}): Attribute => ({ name, type: 'string', ...extra })
const multi = (name: string, subs: Attribute[]): Attribute => ({
  name,
  type: 'complex',
  multiValued: true,
  subAttributes: subs,
})
const contact = [str('value'), str('display'), str('type'), { name: 'primary', type: 'boolean' as const }]

export const userAttributes: Attribute[] = [
  str('userName', { required: true, uniqueness: 'server' }),
  {
    name: 'name',
    type: 'complex',
    subAttributes: ['formatted', 'familyName', 'givenName', 'middleName', 'honorificPrefix', 'honorificSuffix'].map(
      (n) => str(n),
    ),
  },
  ...['displayName', 'nickName', 'title', 'userType', 'preferredLanguage', 'locale', 'timezone'].map((n) => str(n)),
  { name: 'active', type: 'boolean' },
  multi('emails', contact),
  multi('phoneNumbers', contact),
  multi('addresses', [
    ...['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country', 'type'].map((n) => str(n)),
    { name: 'primary', type: 'boolean' },
  ]),
  {
    ...multi('groups', [str('value'), { name: '$ref', type: 'reference' }, str('display'), str('type')]),
    mutability: 'readOnly',
  },
]

export const enterpriseAttributes: Attribute[] = [
  ...['employeeNumber', 'costCenter', 'organization', 'division', 'department'].map((n) => str(n)),
  {
    name: 'manager',
    type: 'complex',
    subAttributes: [str('value'), { name: '$ref', type: 'reference' }, str('displayName')],
  },
]

export const groupAttributes: Attribute[] = [
  str('displayName', { required: true, uniqueness: 'server' }),
  multi('members', [
    str('value', { mutability: 'immutable' }),
    { name: '$ref', type: 'reference' },
    str('display'),
    str('type'),
  ]),
]

const common = [
  str('id', { caseExact: true, mutability: 'readOnly', uniqueness: 'server' }),
  str('externalId', { caseExact: true }),
]

/** RFC 7643 §7, defaults spelled out. */
function describe(a: Attribute): Record<string, unknown> {
  return {
    name: a.name,
    type: a.type ?? 'string',
    multiValued: a.multiValued ?? false,
    description: a.name,
    required: a.required ?? false,
    caseExact: a.caseExact ?? false,
    mutability: a.mutability ?? 'readWrite',
    returned: 'default',
    uniqueness: a.uniqueness ?? 'none',
    ...(a.type === 'reference' ? { referenceTypes: ['User', 'Group', 'uri'] } : {}),
    ...(a.subAttributes ? { subAttributes: a.subAttributes.map(describe) } : {}),
  }
}

export function schemaDocuments(base: string) {
  const doc = (id: string, name: string, attributes: Attribute[]) => ({
    schemas: [schemaIds.schema],
    id,
    name,
    description: name,
    attributes: attributes.map(describe),
    meta: { resourceType: 'Schema', location: `${base}Schemas/${id}` },
  })
  return [
    doc(schemaIds.user, 'User', [...common, ...userAttributes]),
    doc(schemaIds.enterpriseUser, 'EnterpriseUser', enterpriseAttributes),
    doc(schemaIds.group, 'Group', [...common, ...groupAttributes]),
  ]
}

export function resourceTypeDocuments(base: string) {
  return [
    {
      schemas: [schemaIds.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A person who may hold seats of the company',
      schema: schemaIds.user,
      schemaExtensions: [{ schema: schemaIds.enterpriseUser, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}ResourceTypes/User` },
    },
    {
      schemas: [schemaIds.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A group of people; a group mapped to products gives its members seats',
      schema: schemaIds.group,
      meta: { resourceType: 'ResourceType', location: `${base}ResourceTypes/Group` },
    },
  ]
}

export function serviceProviderConfig(base: string, documentationUri: string) {
  return {
    schemas: [schemaIds.serviceProviderConfig],
    documentationUri,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 200 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: "A SCIM token created in the company's Directory dialog of License Portal",
        specUri: 'https://www.rfc-editor.org/rfc/rfc6750',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}ServiceProviderConfig` },
  }
}

type Shape = ReadonlyMap<string, { name: string; sub?: Shape; multi: boolean; boolean: boolean }>

function shapeOf(attributes: Attribute[]): Shape {
  return new Map(
    attributes.map((a) => [
      a.name.toLowerCase(),
      {
        name: a.name,
        multi: a.multiValued ?? false,
        boolean: a.type === 'boolean',
        ...(a.subAttributes ? { sub: shapeOf(a.subAttributes) } : {}),
      },
    ]),
  )
}

// `id` and the read-only attributes are the service's: a client's values for them are ignored.
const writable = (a: Attribute) => a.mutability !== 'readOnly'
const userShape = shapeOf([...common, ...userAttributes].filter(writable))
const enterpriseShape = shapeOf(enterpriseAttributes)
const groupShape = shapeOf([...common, ...groupAttributes].filter(writable))

/**
 * A POST or PUT names the resource's core schema (RFC 7643 §3; RFC 7644 §3.12 `invalidSyntax` otherwise); the other
 * URNs Entra ID and Okta add (the enterprise extension, custom ones) are accepted.
 */
export function resourceBody(kind: 'User' | 'Group', body: unknown): Record<string, unknown> {
  const core = kind === 'User' ? schemaIds.user : schemaIds.group
  const schemas = isObject(body) ? Object.entries(body).find(([k]) => k.toLowerCase() === 'schemas')?.[1] : undefined
  if (
    !Array.isArray(schemas) ||
    !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === core.toLowerCase())
  ) {
    throw new ScimError(400, `A ${kind} is sent with "schemas": ["${core}"].`, 'invalidSyntax')
  }
  return canonical(kind, body)
}

/** Known names in their own case, "True"/"False" (Entra ID) as booleans, every other attribute left out. */
export function canonical(kind: 'User' | 'Group', value: unknown): Record<string, unknown> {
  if (!isObject(value)) return {}
  const out = pick(value, kind === 'User' ? userShape : groupShape)
  if (kind === 'User') {
    const extension = Object.entries(value).find(([k]) => k.toLowerCase() === schemaIds.enterpriseUser.toLowerCase())
    if (extension && isObject(extension[1])) out[schemaIds.enterpriseUser] = pick(extension[1], enterpriseShape)
  }
  return out
}

function pick(value: Record<string, unknown>, shape: Shape): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    const known = shape.get(key.toLowerCase())
    if (!known || v === undefined) continue
    out[known.name] = convert(v, known)
  }
  return out
}

function convert(v: unknown, known: { sub?: Shape; multi: boolean; boolean: boolean }): unknown {
  if (known.multi && Array.isArray(v)) return v.map((item) => convert(item, { ...known, multi: false }))
  if (known.sub && isObject(v)) return pick(v, known.sub)
  // Entra ID's default mapping sends the enterprise `manager` as the bare id, not as `{ "value": id }`.
  if (known.sub?.has('value') && !known.multi && typeof v === 'string') return { value: v }
  if (known.boolean) return booleanOf(v)
  return v
}

/** Entra ID sends `active` so; anything else as it came. */
export function booleanOf(v: unknown): unknown {
  if (typeof v === 'string' && /^(true|false)$/i.test(v.trim())) return v.trim().toLowerCase() === 'true'
  return v
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** `Emails[Type eq "work"].Value` → `emails[type eq "work"].value`. */
export function canonicalPath(kind: 'User' | 'Group', path: string): string {
  const enterprisePrefix = `${schemaIds.enterpriseUser}:`
  if (path.toLowerCase().startsWith(enterprisePrefix.toLowerCase())) {
    return `${schemaIds.enterpriseUser}:${renamePath(path.slice(enterprisePrefix.length), enterpriseShape)}`
  }
  const core = kind === 'User' ? schemaIds.user : schemaIds.group
  const bare = path.toLowerCase().startsWith(`${core.toLowerCase()}:`) ? path.slice(core.length + 1) : path
  return renamePath(bare, kind === 'User' ? userShape : groupShape)
}

function renamePath(path: string, shape: Shape): string {
  const match = /^([A-Za-z$][\w$-]*)(\[[^\]]*\])?(?:\.([A-Za-z$][\w$-]*))?$/.exec(path)
  if (!match) return path
  const [, attr, filter, sub] = match
  const known = shape.get(attr.toLowerCase())
  if (!known) return path
  const subName = sub ? (known.sub?.get(sub.toLowerCase())?.name ?? sub) : undefined
  const filterText =
    filter && known.sub
      ? filter.replace(
          /([A-Za-z$][\w$]*)(\s+(?:eq|ne|co|sw|ew|gt|ge|lt|le|pr)\b)/gi,
          (m, name: string, op: string) => `${known.sub?.get(name.toLowerCase())?.name ?? name}${op}`,
        )
      : filter
  return `${known.name}${filterText ?? ''}${subName ? `.${subName}` : ''}`
}
