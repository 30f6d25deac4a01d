// Every SQL statement the test process issues, on SQLite (better-sqlite3) and PostgreSQL (pg) alike: the sql-guard
// notes that a file issued one; a test reads which ones a piece of its work issued. SQLite's statements are watched
// where they run as well as where they are prepared, since the store keeps its prepared statements (config/store.ts).
import { createRequire } from 'node:module'

type Listener = (statement: string) => void
type Watched = Record<string, unknown>

const require = createRequire(import.meta.url)
// One watch per process, however many module instances a test run makes of this file.
const REGISTRY = Symbol.for('sql-statements.listeners')
const holder = globalThis as { [REGISTRY]?: Set<Listener> }
const listeners = (holder[REGISTRY] ??= watchDrivers())

/** Wraps the methods `names` of `prototype` so that each call tells the listeners its statement. */
function watch(
  set: Set<Listener>,
  prototype: Watched,
  names: string[],
  textOf: (self: Watched, query: unknown) => string,
) {
  for (const name of names) {
    const original = prototype[name]
    if (typeof original !== 'function') throw new Error(`${name} is not a method to watch`)
    prototype[name] = function (this: Watched, ...args: unknown[]) {
      const statement = textOf(this, args[0])
      for (const listener of set) listener(statement)
      return original.apply(this, args)
    }
  }
}

function watchDrivers(): Set<Listener> {
  const set = new Set<Listener>()
  const SQLite = require('better-sqlite3')
  const probe = new SQLite(':memory:')
  const statement = Object.getPrototypeOf(probe.prepare('select 1'))
  probe.close()
  const given = (_self: Watched, query: unknown) =>
    typeof query === 'string' ? query : String((query as { text?: unknown } | undefined)?.text)
  watch(set, SQLite.prototype, ['prepare', 'exec'], given)
  watch(set, statement, ['run', 'get', 'all', 'iterate'], (self) => String(self.source))
  watch(set, require('pg').Client.prototype, ['query'], given)
  return set
}

/** Calls `listener` with each statement issued from now on, until the answered function is called. */
export function onStatement(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The statements issued while `work` ran (anything else the process ran meanwhile included), and its answer. */
export async function statementsOf<T>(work: () => Promise<T>): Promise<{ answer: T; statements: string[] }> {
  const statements: string[] = []
  const stop = onStatement((statement) => statements.push(statement))
  try {
    return { answer: await work(), statements }
  } finally {
    stop()
  }
}
