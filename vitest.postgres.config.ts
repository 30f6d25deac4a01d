import { defineConfig } from 'vitest/config'

import base from './vitest.config'
import { POSTGRES_FILES_ELSEWHERE, POSTGRES_FOLDERS, STORE_AGNOSTIC_FILES } from './tests/support/sql-files'

// `npm run test:pg`: the test files that issue SQL, again on PostgreSQL (TEST_DATABASE_URL, set by
// scripts/with-postgres.mjs), each test service on a copy of one migrated template database.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [...POSTGRES_FOLDERS.map((folder) => `${folder}/**/*.test.ts`), ...POSTGRES_FILES_ELSEWHERE],
    exclude: [...(base.test?.exclude ?? []), ...STORE_AGNOSTIC_FILES],
    globalSetup: ['tests/support/postgres-template.ts'],
  },
})
