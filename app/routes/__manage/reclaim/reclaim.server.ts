// The Reclaim idle seats dialog (`?dialog=reclaim&company=ID`); docs/decisions/0014-idle-seats-and-their-reclaim.md.
import { json } from '@remix-run/node'
import { mayManageDomains } from '#protocol/permissions/roles'
import type { Result } from '#protocol/operations'
import { reclaimChanges } from '#app/rules/changes'
import { callLicensing, idempotencyKeyOf, newIdempotencyKey } from '#app/utils/licensing.server'
import { changed } from '../shared/changed.server'
import { findCompany, notFound, refusal } from '../shared/details.server'
import type { DialogArgs, DialogLoader, ManageAction, ManageArgs } from '../shared/registry'
import { dialogUrl } from '../shared/urls'
import { PolicySchema, UndoSchema } from './reclaim-schemas'

type CompanySummary = { id: string; name: string }

export type ReclaimDialogData =
  | ({ kind: 'policy'; company: CompanySummary; idempotencyKey: string; undoKeys: Record<string, string> } & Omit<
      Result<'retrieveReclaims'>,
      'company'
    >)
  | { kind: 'error'; company: CompanySummary; message: string }

export type ReclaimActionData = { intent: 'set-reclaim-policy' | 'undo-reclaim'; message: string }

function reclaimCompany(args: DialogArgs): CompanySummary {
  const company = findCompany(args.page, args.url.searchParams.get('company'))
  if (!company || !mayManageDomains(company, args.page.admin)) notFound()
  return { id: company.id, name: company.name }
}

export const reclaimDialog: DialogLoader<ReclaimDialogData> = async (args) => {
  const company = reclaimCompany(args)
  const answer = await callLicensing(
    'retrieveReclaims',
    { companyId: company.id },
    { credential: args.user.credential, context: args.context },
  )
  if (!answer.ok) return { kind: 'error', company, message: refusal(answer.error).message } satisfies ReclaimDialogData
  const { idleDays, reclaims } = answer.result
  // Each form its own key, so that a repeated submission does nothing twice.
  const undoKeys = Object.fromEntries(reclaims.map((r) => [r.id, newIdempotencyKey()]))
  return {
    kind: 'policy',
    company,
    idleDays,
    reclaims,
    idempotencyKey: newIdempotencyKey(),
    undoKeys,
  } satisfies ReclaimDialogData
}

const back = (args: ManageArgs, company: string, message: string) =>
  changed(args, { message, to: dialogUrl({ dialog: 'reclaim', company }, args.url) })

function refused(intent: ReclaimActionData['intent'], error: Parameters<typeof refusal>[0], message: string) {
  return json<ReclaimActionData>({ intent, message }, { status: refusal(error).status })
}

/** The company's name as the dialog showed it, for the sentence. */
const shownName = (formData: FormData) => String(formData.get('companyName') ?? '').slice(0, 200)

export const setReclaimPolicy: ManageAction = async (args) => {
  const parsed = PolicySchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) {
    return json<ReclaimActionData>(
      { intent: 'set-reclaim-policy', message: 'Choose Off, 30, 60 or 90 days, then Save.' },
      { status: 400 },
    )
  }
  const { company, idleDays } = parsed.data
  const days = idleDays === 'off' ? null : (Number(idleDays) as 30 | 60 | 90)
  const answer = await callLicensing(
    'setReclaimPolicy',
    { companyId: company, idleDays: days },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    if (answer.error === 'FORBIDDEN' || answer.error === 'NOT_FOUND') notFound()
    return refused('set-reclaim-policy', answer.error, answer.message)
  }
  const name = shownName(args.formData)
  return back(
    args,
    company,
    answer.result.changed ? reclaimChanges.policy(name, answer.result.idleDays) : reclaimChanges.unchanged(name),
  )
}

export const undoReclaim: ManageAction = async (args) => {
  const parsed = UndoSchema.safeParse(Object.fromEntries(args.formData))
  if (!parsed.success) return json({ error: 'A company and a reclaim must be given.' }, { status: 400 })
  const { company, reclaim } = parsed.data
  const answer = await callLicensing(
    'undoReclaim',
    { companyId: company, reclaimId: reclaim },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    if (answer.error === 'FORBIDDEN') notFound()
    return refused('undo-reclaim', answer.error, answer.message)
  }
  const seat = String(args.formData.get('seat') ?? '').slice(0, 300)
  return back(
    args,
    company,
    answer.result.undone ? reclaimChanges.undone(seat, answer.result.holder) : reclaimChanges.undoneAlready(seat),
  )
}
