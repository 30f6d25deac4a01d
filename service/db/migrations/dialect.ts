import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely'

/**
 * The few column definitions that are spelled differently on SQLite and PostgreSQL; every other column of the
 * migrations is written once for both.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>

/** Whether the store is PostgreSQL (else SQLite). */
export function isPostgres<D>(db: Kysely<D>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** An integer primary key the store numbers itself: SQLite's autoincrement, PostgreSQL's identity column. */
export function autoId(db: AnyDb): ['integer', (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return isPostgres(db)
    ? ['integer', (column) => column.primaryKey().generatedByDefaultAsIdentity()]
    : ['integer', (column) => column.primaryKey().autoIncrement()]
}
