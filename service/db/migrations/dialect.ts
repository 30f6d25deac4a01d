import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely'

// The few column definitions spelled differently on SQLite and PostgreSQL.

/** Migrations are written against no table types: they outlive any one version of them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>

export function isPostgres<D>(db: Kysely<D>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** SQLite's autoincrement, PostgreSQL's identity column. */
export function autoId(db: AnyDb): ['integer', (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return isPostgres(db)
    ? ['integer', (column) => column.primaryKey().generatedByDefaultAsIdentity()]
    : ['integer', (column) => column.primaryKey().autoIncrement()]
}
