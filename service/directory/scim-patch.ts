// SCIM PATCH (RFC 7644 §3.5.2) by scim-patch (docs/decisions/0006-scim-libraries.md); ours reads what Entra ID and Okta
// actually send (any-case ops and names, `"False"`, path-named keys) and a group's `members`, kept as rows.
import { scimPatch, ScimError as PatchError, type ScimPatchOperation } from 'scim-patch'
import { booleanOf, canonical, canonicalPath, isObject } from './scim-schemas.js'
import { ScimError, schemaIds, type ScimType } from './scim-protocol.js'

export type PatchOp = { op: 'add' | 'replace' | 'remove'; path?: string; value?: unknown }

export const MAX_OPERATIONS = 1000

/** 400 `invalidSyntax` / `noTarget` otherwise. */
export function patchOperations(body: unknown, kind: 'User' | 'Group'): PatchOp[] {
  if (!isObject(body)) throw new ScimError(400, 'The body must be a PatchOp message.', 'invalidSyntax')
  const schemas = Array.isArray(body.schemas) ? body.schemas : []
  if (!schemas.some((s) => typeof s === 'string' && s.toLowerCase() === schemaIds.patch.toLowerCase())) {
    throw new ScimError(400, `A PATCH names the schema ${schemaIds.patch}.`, 'invalidSyntax')
  }
  const operations = Object.entries(body).find(([k]) => k.toLowerCase() === 'operations')?.[1]
  if (!Array.isArray(operations) || operations.length === 0 || operations.length > MAX_OPERATIONS) {
    throw new ScimError(400, `Operations must list 1 to ${MAX_OPERATIONS} operations.`, 'invalidSyntax')
  }
  return operations.map((operation, index): PatchOp => {
    if (!isObject(operation)) throw new ScimError(400, `Operation ${index + 1} is not an object.`, 'invalidSyntax')
    const op = typeof operation.op === 'string' ? operation.op.toLowerCase() : ''
    if (op !== 'add' && op !== 'replace' && op !== 'remove') {
      throw new ScimError(400, `Operation ${index + 1} has no op add, replace or remove.`, 'invalidSyntax')
    }
    if (operation.path !== undefined && typeof operation.path !== 'string') {
      throw new ScimError(400, `The path of operation ${index + 1} must be a string.`, 'invalidPath')
    }
    const path = operation.path?.trim() ? canonicalPath(kind, operation.path.trim()) : undefined
    if (op === 'remove' && !path) throw new ScimError(400, `Operation ${index + 1} removes without a path.`, 'noTarget')
    if (op !== 'remove' && operation.value === undefined) {
      throw new ScimError(400, `Operation ${index + 1} has no value.`, 'invalidValue')
    }
    return {
      op,
      ...(path ? { path } : {}),
      ...(operation.value !== undefined ? { value: valueOf(kind, path, operation.value) } : {}),
    }
  })
}

/** Entra's and Okta's spellings read: booleans, and path-named keys of a value object. */
function valueOf(kind: 'User' | 'Group', path: string | undefined, value: unknown): unknown {
  if (path) return /(^active|\.primary)$/i.test(path) ? booleanOf(value) : value
  if (!isObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    const name = canonicalPath(kind, key)
    out[name] = /(^active)$/i.test(name) ? booleanOf(v) : v
  }
  return out
}

/** A no-path value object with dotted keys is first spread into one operation per key, which scim-patch reads. */
export function applyPatch(
  kind: 'User' | 'Group',
  attributes: Record<string, unknown>,
  operations: readonly PatchOp[],
): Record<string, unknown> {
  const resource = {
    ...structuredClone(attributes),
    schemas: [kind === 'User' ? schemaIds.user : schemaIds.group],
    meta: { created: new Date(0), lastModified: new Date(0) },
  }
  const spread = operations.flatMap((o): PatchOp[] =>
    !o.path && isObject(o.value)
      ? Object.entries(o.value).map(([path, value]) =>
          path.includes('.') && !path.startsWith('urn:')
            ? { op: o.op, path, value }
            : { op: o.op, value: { [path]: value } },
        )
      : [o],
  )
  try {
    const patched = scimPatch(resource, spread as ScimPatchOperation[], {
      mutateDocument: true,
      treatMissingAsAdd: true,
    })
    return canonical(kind, patched)
  } catch (error) {
    if (error instanceof PatchError) {
      const scimType = (error as PatchError & { scimCode?: string }).scimCode
      throw new ScimError(400, error.message, (scimType ?? 'invalidValue') as ScimType)
    }
    throw new ScimError(400, 'The operations could not be applied to the resource.', 'invalidValue')
  }
}

/** In the order the PATCH gives them. */
export type MemberStep = { kind: 'add' | 'remove'; ids: string[] } | { kind: 'clear' }

/** A `remove` of `members` without a value, or a `replace`, clears them first; the other operations are `rest`. */
export function memberChanges(operations: readonly PatchOp[]): { steps: MemberStep[]; rest: PatchOp[] } {
  const steps: MemberStep[] = []
  const rest: PatchOp[] = []
  const idsOf = (value: unknown) =>
    (Array.isArray(value) ? value : [value]).map((m) => {
      const v = isObject(m) ? m.value : m
      if (typeof v !== 'string' || v === '') {
        throw new ScimError(400, 'A member is given by its value (a user id).', 'invalidValue')
      }
      if (isObject(m) && typeof m.type === 'string' && m.type.toLowerCase() === 'group') {
        throw new ScimError(400, 'Groups within groups are not supported; add the people.', 'invalidValue')
      }
      return v
    })
  const set = (op: PatchOp['op'], value: unknown) => {
    if (op === 'replace') steps.push({ kind: 'clear' })
    steps.push({ kind: op === 'remove' ? 'remove' : 'add', ids: idsOf(value) })
  }
  for (const o of operations) {
    const filtered = o.path ? /^members\[\s*value\s+eq\s+"((?:[^"\\]|\\.)*)"\s*\]$/i.exec(o.path) : null
    if (filtered && o.op === 'remove') steps.push({ kind: 'remove', ids: [JSON.parse(`"${filtered[1]}"`) as string] })
    else if (o.path === 'members' && o.op === 'remove' && o.value === undefined) steps.push({ kind: 'clear' })
    else if (o.path === 'members') set(o.op, o.value)
    else if (!o.path && isObject(o.value) && 'members' in o.value) {
      const { members, ...others } = o.value
      set(o.op, members)
      if (Object.keys(others).length) rest.push({ ...o, value: others })
    } else if (o.path?.startsWith('members')) {
      throw new ScimError(400, `The path ${o.path.slice(0, 100)} is not supported for members.`, 'invalidPath')
    } else rest.push(o)
  }
  return { steps, rest }
}

export function applyMemberSteps(before: ReadonlySet<string>, steps: readonly MemberStep[]): Set<string> {
  const after = new Set(before)
  for (const step of steps) {
    if (step.kind === 'clear') after.clear()
    else if (step.kind === 'add') for (const id of step.ids) after.add(id)
    else for (const id of step.ids) after.delete(id)
  }
  return after
}
