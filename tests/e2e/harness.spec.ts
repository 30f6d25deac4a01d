import { readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { relative } from 'node:path'

import { dataDir, expect, expectNoAxeViolations, test } from './fixtures'

test(
  'the built server runs on a fresh data folder and its sign-in page passes the axe scan',
  { tag: '@once' },
  async ({ page }) => {
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    // scripts/e2e-server.mjs gave the server a new temporary DATA_DIR, and the server keeps its store there.
    const dir = dataDir()
    expect(relative(tmpdir(), dir).startsWith('..'), `${dir} lies in the temporary folder`).toBe(false)
    expect(readdirSync(dir), `files the server created in ${dir}`).not.toEqual([])

    await expectNoAxeViolations(page, 'sign-in page')
  },
)
