/** See postgres.mjs: a throwaway PostgreSQL server for tests. */
export function startPostgres(): Promise<{ url: string; version: string; stop(): void }>
