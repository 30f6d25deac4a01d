import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'

import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: {
      '#app': fileURLToPath(new URL('./app', import.meta.url)),
      '#protocol': fileURLToPath(new URL('./protocol', import.meta.url)),
    },
  },
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'service/**/*.test.ts',
      'sandbox/**/*.test.ts',
      'demo/**/*.test.ts',
      'protocol/**/*.test.ts',
      'tests/routes/**/*.test.ts',
      'tests/scim/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'scripts/**/*.test.ts',
      'config/**/*.test.ts',
      'server/**/*.test.ts',
    ],
    // The browser tests belong to Playwright (`npm run test:e2e`).
    exclude: ['tests/e2e/**', '**/node_modules/**', 'build/**', 'public/build/**'],
    environment: 'node',
    setupFiles: ['tests/support/node20-built-ins.ts', 'tests/support/sql-guard.ts'],
    globals: false,
    pool: 'forks',
    // Vitest's default leaves one core free: on a two-core machine that is a single worker, and half the time.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
  },
})
