// The activity log's call, its payload and answer.
import * as z from 'zod/mini'
import { Id } from '../shared/limits.js'
import { EMAIL_MAX_LENGTH } from '../shared/email.js'
import { ACTIVITY_MAX_PAGE_SIZE, ACTIVITY_PAGE_SIZE, ActivityKind } from './activity.js'

export const ActivityEntry = z.object({
  id: z.number(),
  /** Epoch milliseconds; the portal shows it in the spec's date and time formats. */
  at: z.number(),
  kind: ActivityKind,
  actor: z.string(),
  summary: z.string(),
  /** One sentence per license or person when the change touched several. */
  details: z.array(z.string()),
})
export type ActivityEntry = z.infer<typeof ActivityEntry>

export const retrieveActivityOperation = {
  reads: true,
  /** With `companyId`, that company's log; without it, the caller's own account's log. Newest first. */
  payload: z.object({
    companyId: z.optional(Id),
    kind: z.optional(ActivityKind),
    /** Entries that name this address (who made the change or whom it concerned). */
    person: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(EMAIL_MAX_LENGTH))),
    page: z._default(z.int().check(z.gte(1), z.lte(1_000_000)), 1),
    pageSize: z._default(z.int().check(z.gte(1), z.lte(ACTIVITY_MAX_PAGE_SIZE)), ACTIVITY_PAGE_SIZE),
    /** The entries after this one in the log's order instead of a page: an export reads the whole log without gaps. */
    after: z.optional(z.object({ at: z.int(), id: z.int() })),
  }),
  result: z.object({
    entries: z.array(ActivityEntry),
    /** Entries matching the filter, on every page. */
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
}
