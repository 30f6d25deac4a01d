// Which unit and route test files run on PostgreSQL as well (`npm run test:pg`, vitest.postgres.config.ts): every file
// that issues SQL. A file in these folders that issues none is named below and runs once, on SQLite; the guard
// (./sql-guard.ts, in every run) fails a file that issues SQL without being in the PostgreSQL set.

/** The folders whose test files run on PostgreSQL. */
export const POSTGRES_FOLDERS = ['service', 'sandbox', 'demo', 'tests/routes', 'tests/scim', 'tests/api'] as const

/** Test files elsewhere that issue SQL: the editor stand-in's tests talk to a test service. */
export const POSTGRES_FILES_ELSEWHERE: readonly string[] = ['scripts/editor.test.ts']

/** Test files in those folders that open no store: pure functions, documents, a client and its doubles. */
export const STORE_AGNOSTIC_FILES: readonly string[] = [
  'sandbox/pricing.test.ts',
  'service/db/ids.test.ts',
  'service/dispatch/html.test.ts',
  'service/offline-keys/offline-keys.test.ts',
  'service/payments/coterm.test.ts',
  'service/payments/paddle.test.ts',
  'service/payments/signature.test.ts',
  'service/payments/tax-rate.test.ts',
  'tests/api/manage-registry-parity.test.ts',
  'tests/api/openapi-schemas.test.ts',
  'tests/routes/activation.test.ts',
  'tests/routes/confirm-email.test.ts',
  'tests/routes/developers.test.ts',
  'tests/routes/licensing-deadline.test.ts',
  'tests/routes/manage-registry-browser.test.ts',
  'tests/routes/page-scripts.test.ts',
  'tests/routes/support-email.test.ts',
]

/** Whether the test file at `file` (relative to the project, `/`-separated) runs on PostgreSQL too. */
export function runsOnPostgres(file: string): boolean {
  if (POSTGRES_FILES_ELSEWHERE.includes(file)) return true
  return POSTGRES_FOLDERS.some((folder) => file.startsWith(`${folder}/`)) && !STORE_AGNOSTIC_FILES.includes(file)
}
