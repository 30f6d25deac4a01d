// The Activity dialog: a company's log (its administrators) or the account's own; 50 a page, filtered, also as CSV.
import { ActivityKind, activityKindsOf } from '#protocol/activity/activity'
import type { ActivityEntry } from '#protocol/activity/operations'
import { mayReadCompanyActivity } from '#protocol/permissions/roles'
import type { Details } from '#protocol/operations'
import { callLicensing } from '#app/utils/licensing.server'
import type { SignedInUser } from '#app/utils/session.server'
import type { AppLoadContext } from '@remix-run/node'
import type { DialogLoader } from '../shared/registry'
import { findCompany, notFound, refusal } from '../shared/details.server'
import { EMAIL_MAX_LENGTH } from '#protocol/shared/email'

export type ActivityFilter = { company?: string; kind?: ActivityKind; person?: string; page: number }

export type ActivityDialogData =
  | {
      kind: 'log'
      /** Absent for the account's own log. */
      company?: { id: string; name: string }
      filter: ActivityFilter
      entries: ActivityEntry[]
      total: number
      pageSize: number
    }
  | { kind: 'error'; company?: { id: string; name: string }; message: string }

/** A value that is not one (or a kind that log never holds) is left out, never an error. */
export function activityFilter(params: URLSearchParams): ActivityFilter {
  const parsed = ActivityKind.safeParse(params.get('kind'))
  const held = activityKindsOf(params.get('company') ? 'company' : 'account')
  const kind = parsed.success && held.includes(parsed.data) ? parsed.data : undefined
  const person = (params.get('person') ?? '').trim().toLowerCase().slice(0, EMAIL_MAX_LENGTH)
  const page = Number(params.get('page'))
  return {
    ...(params.get('company') ? { company: String(params.get('company')) } : {}),
    ...(kind ? { kind } : {}),
    ...(person ? { person } : {}),
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  }
}

/** 404 for a company that is not theirs or whose log they may not read. */
export function activityCompany(details: Details, companyId: string | undefined) {
  if (companyId === undefined) return undefined
  const company = findCompany(details, companyId)
  if (!company || !mayReadCompanyActivity(company, details.admin)) notFound()
  return { id: company.id, name: company.name }
}

export async function activityPage(
  args: { user: SignedInUser; context: AppLoadContext },
  filter: ActivityFilter,
  pageSize?: number,
  /** An export reading the whole log. */
  after?: { at: number; id: number },
) {
  return callLicensing(
    'retrieveActivity',
    {
      ...(filter.company ? { companyId: filter.company } : {}),
      ...(filter.kind ? { kind: filter.kind } : {}),
      ...(filter.person ? { person: filter.person } : {}),
      page: filter.page,
      ...(pageSize ? { pageSize } : {}),
      ...(after ? { after } : {}),
    },
    { credential: args.user.credential, context: args.context },
  )
}

export const activityDialog: DialogLoader<ActivityDialogData> = async (args) => {
  const filter = activityFilter(args.url.searchParams)
  const company = activityCompany(args.page, filter.company)
  const answer = await activityPage(args, filter)
  if (!answer.ok) return { kind: 'error', company, message: refusal(answer.error).message } satisfies ActivityDialogData
  return {
    kind: 'log',
    company,
    filter,
    entries: answer.result.entries,
    total: answer.result.total,
    pageSize: answer.result.pageSize,
  } satisfies ActivityDialogData
}
