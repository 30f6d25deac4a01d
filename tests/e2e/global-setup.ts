// Playwright's global setup: a run starts with no axe scan remembered (expectNoAxeViolations in ./fixtures.ts).
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Scans that passed in this run, one file per page state. */
export const AXE_SCANNED_DIR = fileURLToPath(new URL('../../test-results/axe-scanned/', import.meta.url))

export default function globalSetup() {
  rmSync(AXE_SCANNED_DIR, { recursive: true, force: true })
}
