/**
 * A property of the protocol as a whole: for every operation, random payloads that do not match its schema — near
 * misses built from the schema, wrong types, prototype names, huge values — sent with a valid session (or none, with
 * or without an idempotency key), are each answered with a known refusal in the protocol's shape, never the
 * unexpected error, and change nothing in the store.
 */
import crypto from 'node:crypto'
import { sql } from 'kysely'
import type { ZodMiniType as ZodType } from 'zod/mini'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationNames, operations } from '../../protocol/operations.js'
import { errorCodes } from '../../protocol/shared/errors.js'
import type { DB } from '../db/database.js'
import { createTestService, signInAs } from '../../tests/support/service.js'

type Service = Awaited<ReturnType<typeof createTestService>>
let service: Service
let credentials: Array<string | undefined>

beforeAll(async () => {
  service = await createTestService()
  credentials = [
    await signInAs(service, 'root@vendor.test'),
    await signInAs(service, 'olivia@acme.test'),
    undefined,
    'not-a-credential',
  ]
})
afterAll(async () => {
  await service.close()
})

/** A seeded generator, so that a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)] }
}
type Random = ReturnType<typeof random>

const oddStrings = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'a@b.test',
  'olivia@acme.test',
  'acme',
  'globex',
  'x'.repeat(5000),
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\u0000',
  '😀',
  'NaN',
  '1e309',
]

/** Any JSON value, small or odd. */
function anyValue(r: Random, depth = 0): unknown {
  switch (r.int(depth > 2 ? 6 : 9)) {
    case 0:
      return null
    case 1:
      return r.next() < 0.5
    case 2:
      return r.pick([0, -1, 1, 2 ** 53, -(2 ** 31), 0.5, 1e308, 100, 101, 10001])
    case 3:
      return r.pick(oddStrings)
    case 4:
      return crypto.randomBytes(1 + r.int(12)).toString('base64url')
    case 5:
      return r.int(1000)
    case 6:
      return Array.from({ length: r.int(4) }, () => anyValue(r, depth + 1))
    case 7:
      return Object.fromEntries(Array.from({ length: r.int(4) }, () => [r.pick(oddStrings), anyValue(r, depth + 1)]))
    default:
      return JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}')
  }
}

type Def = { type: string; [key: string]: unknown }
const defOf = (schema: ZodType) => schema._zod.def as unknown as Def

/** A value shaped after the schema, each part replaced by an odd value now and then. */
function near(schema: ZodType, r: Random, depth = 0): unknown {
  if (r.next() < 0.2 || depth > 4) return anyValue(r, depth)
  const def = defOf(schema)
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, ZodType>
      const value: Record<string, unknown> = {}
      for (const [key, part] of Object.entries(shape)) if (r.next() < 0.85) value[key] = near(part, r, depth + 1)
      if (r.next() < 0.15) value[r.pick(oddStrings)] = anyValue(r, depth + 1)
      return value
    }
    case 'default':
    case 'prefault':
    case 'optional':
    case 'nullable':
      return near(def.innerType as ZodType, r, depth)
    case 'pipe':
      return near(def.in as ZodType, r, depth)
    case 'union':
      return near(r.pick(def.options as ZodType[]), r, depth)
    case 'array':
      return Array.from({ length: r.int(3) }, () => near(def.element as ZodType, r, depth + 1))
    case 'literal':
      return r.pick(def.values as unknown[])
    case 'enum':
      return r.pick(Object.values(def.entries as Record<string, string>))
    case 'boolean':
      return r.next() < 0.5
    case 'number':
      return r.pick([0, 1, 5, 12, 100, -3, 2.5])
    case 'string':
      return r.pick(oddStrings)
    default:
      return anyValue(r, depth)
  }
}

/** A digest of every table of the store. */
async function storeDigest(db: DB): Promise<string> {
  // Kysely's introspection lists the tables on SQLite and PostgreSQL alike.
  const tables = (await db.introspection.getTables()).map((table) => table.name).sort()
  const hash = crypto.createHash('sha256')
  for (const name of tables) {
    // Sorted here: with `order by 1`, rows that tie on their first column came in the plan's order, which PostgreSQL's
    // autovacuum can change between two digests (an index scan after an analyze, a sequential one before).
    const rows = await sql`select * from ${sql.table(name)}`.execute(db)
    const lines = rows.rows.map((row) =>
      JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
    )
    hash.update(name).update(lines.sort().join('\n'))
  }
  return hash.digest('hex')
}

const RUNS_PER_OPERATION = 60
const known = new Set<string>(errorCodes)

describe('random payloads for every operation', () => {
  it.each(operationNames)('%s: a known refusal, never the unexpected error, and no change', async (operation) => {
    const r = random(crypto.createHash('sha256').update(operation).digest().readUInt32LE(0))
    const schema = operations[operation].payload as ZodType
    const before = await storeDigest(service.db)
    let sent = 0
    for (let run = 0; run < RUNS_PER_OPERATION * 3 && sent < RUNS_PER_OPERATION; run++) {
      const payload = r.next() < 0.8 ? near(schema, r) : anyValue(r)
      if (schema.safeParse(payload).success) continue // a valid payload may rightly change the store
      sent++
      const credential = r.pick(credentials)
      const key = r.next() < 0.5 ? `fuzz-${operation}-${run}` : undefined
      const answer =
        r.next() < 0.1
          ? await service.callText(JSON.stringify({ [operation]: payload }).slice(0, -1 - r.int(5)), credential, key)
          : await service.call({ [operation]: payload }, credential, key)
      const body = answer.body as { error?: string; message?: unknown }
      const shown = JSON.stringify(payload)?.slice(0, 300)
      expect(answer.status, shown).toBe(500)
      expect(known.has(body.error ?? ''), `${body.error} for ${shown}`).toBe(true)
      expect(body.error, shown).not.toBe('UNEXPECTED')
      expect(typeof body.message).toBe('string')
      expect(body.message as string).not.toMatch(/\n\s+at |[\\/][\w.-]+\.(ts|js)\b/)
    }
    expect(sent).toBeGreaterThanOrEqual(RUNS_PER_OPERATION / 2)
    expect(await storeDigest(service.db)).toBe(before)
  })
})
