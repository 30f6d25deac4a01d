// The activity log: what the service changed, who and when.
import * as z from 'zod/mini'

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
