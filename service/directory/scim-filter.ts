// SCIM list filters (RFC 7644 §3.4.2.2) as SQL via scim2-parse-filter (docs/decisions/0006-scim-libraries.md): values
// bound, case-insensitive unless case-exact (RFC 7643 §2.2), unindexed attributes refused.
import { sql, type RawBuilder, type SqlBool } from 'kysely'
import { parse, type Filter } from 'scim2-parse-filter'
import { booleanOf } from './scim-schemas.js'
import { isPostgres } from '../db/migrations/dialect.js'
import { ScimError, paging } from './scim-protocol.js'
import type { DirectoryTables } from './tables.js'
import type { DB } from '../db/database.js'

/** `lowered`: the store keeps the attribute in lower case already. */
type Column = { ref: string; exact?: boolean; lowered?: boolean; kind?: 'string' | 'boolean' | 'date' }
type Side = { table: string; key: string; outer: string; columns: ReadonlyMap<string, Column>; main: string }
export type FilterTarget = {
  columns: ReadonlyMap<string, Column>
  sides: ReadonlyMap<string, Side>
  names: string
}

export const userFilter: FilterTarget = {
  columns: new Map<string, Column>([
    ['id', { ref: 'scim_users.id', exact: true }],
    ['username', { ref: 'scim_users.email', lowered: true }],
    ['externalid', { ref: 'scim_users.external_id', exact: true }],
    ['displayname', { ref: 'scim_users.display_name' }],
    ['active', { ref: 'scim_users.active', kind: 'boolean' }],
    ['meta.created', { ref: 'scim_users.created_at', kind: 'date' }],
    ['meta.lastmodified', { ref: 'scim_users.updated_at', kind: 'date' }],
  ]),
  sides: new Map([
    [
      'emails',
      {
        table: 'scim_user_emails',
        key: 'scim_user_emails.user_id',
        outer: 'scim_users.id',
        main: 'value',
        columns: new Map<string, Column>([
          ['value', { ref: 'scim_user_emails.value', lowered: true }],
          ['type', { ref: 'scim_user_emails.type', lowered: true }],
        ]),
      },
    ],
  ]),
  names: 'id, userName, externalId, displayName, active, emails (value, type), meta.created and meta.lastModified',
}

export const groupFilter: FilterTarget = {
  columns: new Map<string, Column>([
    ['id', { ref: 'scim_groups.id', exact: true }],
    ['externalid', { ref: 'scim_groups.external_id', exact: true }],
    ['displayname', { ref: 'scim_groups.display_key', lowered: true }],
    ['meta.created', { ref: 'scim_groups.created_at', kind: 'date' }],
    ['meta.lastmodified', { ref: 'scim_groups.updated_at', kind: 'date' }],
  ]),
  sides: new Map([
    [
      'members',
      {
        table: 'scim_group_members',
        key: 'scim_group_members.group_id',
        outer: 'scim_groups.id',
        main: 'value',
        columns: new Map<string, Column>([['value', { ref: 'scim_group_members.user_id', exact: true }]]),
      },
    ],
  ]),
  names: 'id, externalId, displayName, members.value, meta.created and meta.lastModified',
}

export const MAX_FILTER_LENGTH = 2000

/** Undefined when there is none. */
export function filterCondition(
  text: unknown,
  target: FilterTarget,
  postgres: boolean,
): RawBuilder<SqlBool> | undefined {
  if (text === undefined || text === '') return undefined
  if (typeof text !== 'string' || text.length > MAX_FILTER_LENGTH) {
    throw new ScimError(400, `A filter is one expression of at most ${MAX_FILTER_LENGTH} characters.`, 'invalidFilter')
  }
  let ast: Filter
  try {
    ast = parse(text)
  } catch {
    throw new ScimError(400, `The filter could not be read: ${text.slice(0, 200)}`, 'invalidFilter')
  }
  return compile(ast, target, postgres)
}

function compile(f: Filter, target: FilterTarget, postgres: boolean): RawBuilder<SqlBool> {
  switch (f.op) {
    case 'and':
    case 'or': {
      const parts = f.filters.map((part) => compile(part, target, postgres))
      return sql<SqlBool>`(${sql.join(parts, f.op === 'and' ? sql` and ` : sql` or `)})`
    }
    case 'not':
      return sql<SqlBool>`not (${compile(f.filter, target, postgres)})`
    case '[]': {
      const side = target.sides.get(f.attrPath.toLowerCase())
      if (!side) throw unsupported(f.attrPath, target)
      const inner: FilterTarget = { columns: side.columns, sides: new Map(), names: target.names }
      return exists(side, compile(f.valFilter, inner, postgres))
    }
    default: {
      const path = f.attrPath.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, '')
      const column = target.columns.get(path)
      if (column) return compare(column, f, postgres)
      const [attr, sub] = path.split('.')
      const side = target.sides.get(attr)
      const subColumn = side?.columns.get(sub ?? side.main)
      if (!side || !subColumn) throw unsupported(f.attrPath, target)
      return exists(side, compare(subColumn, f, postgres))
    }
  }
}

function exists(side: Side, condition: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from ${sql.table(side.table)} where ${sql.ref(side.key)} = ${sql.ref(side.outer)} and ${condition})`
}

function unsupported(attribute: string, target: FilterTarget) {
  return new ScimError(
    400,
    `Filtering on ${attribute.slice(0, 100)} is not supported; filter on ${target.names}.`,
    'invalidFilter',
  )
}

function compare(column: Column, f: Exclude<Filter, { op: 'and' | 'or' | 'not' | '[]' }>, postgres: boolean) {
  const ref = sql.ref(column.ref)
  if (f.op === 'pr') {
    return column.kind === 'string' || column.kind === undefined
      ? sql<SqlBool>`(${ref} is not null and ${ref} <> '')`
      : sql<SqlBool>`${ref} is not null`
  }
  const value = f.compValue
  if (column.kind === 'boolean') {
    const flag = booleanOf(value)
    if (typeof flag !== 'boolean' || (f.op !== 'eq' && f.op !== 'ne')) {
      throw new ScimError(400, 'A boolean attribute is compared with eq or ne and true or false.', 'invalidFilter')
    }
    return sql<SqlBool>`${ref} ${sql.raw(f.op === 'eq' ? '=' : '<>')} ${flag ? 1 : 0}`
  }
  if (column.kind === 'date') {
    const at = typeof value === 'string' ? Date.parse(value) : NaN
    if (Number.isNaN(at) || ['co', 'sw', 'ew'].includes(f.op)) {
      throw new ScimError(
        400,
        'A date is compared with eq, ne, gt, ge, lt or le and an ISO 8601 time.',
        'invalidFilter',
      )
    }
    return sql<SqlBool>`${ref} ${sql.raw(operators[f.op as keyof typeof operators])} ${at}`
  }
  if (value === null) return f.op === 'ne' ? sql<SqlBool>`${ref} is not null` : sql<SqlBool>`${ref} is null`
  const text = String(value)
  // Case-insensitive attributes are kept in lower case (or compared so).
  const subject = column.exact || column.lowered ? ref : sql`lower(${ref})`
  const operand = column.exact ? text : text.toLowerCase()
  switch (f.op) {
    case 'co':
      return postgres
        ? sql<SqlBool>`strpos(${subject}, ${operand}) > 0`
        : sql<SqlBool>`instr(${subject}, ${operand}) > 0`
    case 'sw':
      return sql<SqlBool>`substr(${subject}, 1, ${operand.length}) = ${operand}`
    case 'ew':
      return sql<SqlBool>`(length(${subject}) >= ${operand.length} and substr(${subject}, length(${subject}) - ${operand.length - 1}) = ${operand})`
    default:
      return sql<SqlBool>`${subject} ${sql.raw(operators[f.op])} ${operand}`
  }
}

const operators = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const

/** One page of a company's users or groups (RFC 7644 §3.4.2): filtered, oldest first, with the total. */
export async function listPage<T extends 'scim_users' | 'scim_groups'>(
  db: DB,
  table: T,
  target: FilterTarget,
  companyId: string,
  query: Record<string, unknown>,
) {
  const { startIndex, count } = paging(query)
  const condition = filterCondition(query.filter, target, isPostgres(db))
  let selection = db.selectFrom(table as 'scim_groups').where('company_id', '=', companyId)
  if (condition) selection = selection.where(condition)
  const total = await selection.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const rows =
    count === 0 || startIndex > Number(total.n)
      ? []
      : await selection
          .selectAll()
          .orderBy('created_at')
          .orderBy('id')
          .offset(startIndex - 1)
          .limit(count)
          .execute()
  return { rows: rows as DirectoryTables[T][], total: Number(total.n), startIndex }
}
