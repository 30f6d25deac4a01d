import { describe, expect, it } from 'vitest'
import { parseJobsArgs } from './jobs.js'

describe('npm run jobs', () => {
  const now = Date.UTC(2026, 10, 23, 7, 30)

  it('runs as of now, or as of the date (UTC) given with --now', () => {
    expect(parseJobsArgs([], now)).toEqual({ asOf: now })
    expect(parseJobsArgs(['--now', '2027-01-01'], now)).toEqual({ asOf: Date.UTC(2027, 0, 1) })
    expect(parseJobsArgs(['--now', '2027-01-01T09:15'], now)).toEqual({ asOf: Date.UTC(2027, 0, 1, 9, 15) })
  })

  it('names what it cannot read', () => {
    expect(parseJobsArgs(['--now', 'tomorrow'], now)).toEqual({
      problem: '--now must be a date such as 2027-01-01 or 2027-01-01T09:00 (got "tomorrow")',
    })
    expect(parseJobsArgs(['--now', '2027-02-30'], now)).toMatchObject({
      problem: expect.stringMatching(/not a real date/),
    })
    expect(parseJobsArgs(['--when', '2027'], now)).toMatchObject({ problem: expect.stringMatching(/--when/) })
  })
})
