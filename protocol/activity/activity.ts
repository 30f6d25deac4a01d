// The activity log: what the service changed, who and when.
import * as z from 'zod/mini'
import { Id } from '../shared/limits.js'
import { EMAIL_MAX_LENGTH } from '../shared/email.js'

export const activityKinds = [
  'assignment',
  'permission',
  'license',
  'activation',
  'subscription',
  'renewal',
  'account',
  'domain',
  'directory',
  'webhook',
  'api',
] as const
export const ActivityKind = z.enum(activityKinds)
export type ActivityKind = z.infer<typeof ActivityKind>

export const activityKindLabels: Readonly<Record<ActivityKind, string>> = {
  assignment: 'Assignments',
  permission: 'Permissions',
  license: 'Licenses',
  activation: 'Activations',
  subscription: 'Subscriptions',
  renewal: 'Renewals',
  account: 'Account',
  domain: 'Domains and sign-in',
  directory: 'Directory',
  webhook: 'Webhooks',
  api: 'API tokens',
}

/** An account's own log holds what it holds alone; a company's log never records an account's own change. */
const accountLogKinds: ReadonlySet<ActivityKind> = new Set([
  'license',
  'activation',
  'subscription',
  'renewal',
  'account',
  'api',
])

export function activityKindsOf(log: 'company' | 'account'): readonly ActivityKind[] {
  return activityKinds.filter((kind) => (log === 'account' ? accountLogKinds.has(kind) : kind !== 'account'))
}

/** Who made a change that no account made in its own name. */
export const PLATFORM_ADMINISTRATOR = 'platform administrator'
export const PAYMENT_PROVIDER = 'payment provider'
/** The operator of the portal, at its command line (`npm run admin`). */
export const OPERATOR = 'operator (command line)'

/** Entries per page of the dialog; an export reads pages of the largest size. */
export const ACTIVITY_PAGE_SIZE = 50
export const ACTIVITY_MAX_PAGE_SIZE = 1000

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
