// Seat assignments from a CSV file: `plan` answers every row's error; `apply` is one `changeAssignment`, done once.
import { json } from '@remix-run/node'
import * as z from 'zod/mini'
import { Id, ID_MAX_LENGTH } from '#protocol/shared/limits'
import { EMAIL_MAX_LENGTH } from '#protocol/shared/email'
import { fileTooLarge, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, planSeatImport, tooManyRows } from '#app/rules/seats-csv'
import { callLicensing, idempotencyKeyOf, newIdempotencyKey } from '#app/utils/licensing.server'
import { readCsv } from '#app/utils/csv.server'
import type { DialogLoader, ManageAction, ManageArgs } from '../shared/registry'
import { notFound, refusal } from '../shared/details.server'
import { readLicenses, tooManyForOneDialog, tryReadLicenses } from '../shared/license-reads.server'
import { anchors } from '../shared/anchors'
import { changed } from '../shared/changed.server'
import { seatsImported } from '#app/rules/changes'
import { PLAN_FIELD_NAME } from './urls'

export type ImportSeatsDialogData = {
  company: { id: string; name: string }
  idempotencyKey: string
}

export type PlannedChange = { id: string; owner: string; assignedTo: string; assignedToBefore: string; words: string }

export type ImportSeatsActionData =
  | {
      intent: 'import-seats'
      stage: 'plan'
      fileName: string
      summary: string
      errors: string[]
      changes: PlannedChange[]
    }
  | { intent: 'import-seats'; stage: 'refused'; message: string }

const Plan = z
  .array(
    z.object({
      id: Id,
      owner: z.string().check(z.maxLength(ID_MAX_LENGTH)),
      assignedTo: z.string().check(z.maxLength(EMAIL_MAX_LENGTH)),
      assignedToBefore: z.string().check(z.maxLength(EMAIL_MAX_LENGTH)),
    }),
  )
  .check(z.minLength(1), z.maxLength(IMPORT_MAX_ROWS))

/** A 404 when the user may not assign there. */
async function importCompany(args: ManageArgs, companyId: string | null) {
  const { company } = await readLicenses(args, companyId, { ids: [] })
  if (!company.canAssign) notFound()
  return company
}

/** The company's name and the user's role there, and no license. */
export const importSeatsDialog: DialogLoader<ImportSeatsDialogData> = async (args) => {
  const company = await importCompany(args, args.url.searchParams.get('company'))
  return {
    company: { id: company.id, name: company.name },
    idempotencyKey: newIdempotencyKey(),
  } satisfies ImportSeatsDialogData
}

const refused = (message: string, status = 400) =>
  json<ImportSeatsActionData>({ intent: 'import-seats', stage: 'refused', message }, { status })

export const importSeats: ManageAction = async (args) => {
  const companyId = String(args.formData.get('company') ?? '')

  if (args.formData.get('stage') !== 'apply') {
    // The plan matches the file's rows against the company's licenses (its subscriptions' too, which it names).
    const read = await tryReadLicenses(args, companyId)
    if (read === 'not-found' || (read !== 'too-many' && !read.company.canAssign)) notFound()
    if (read === 'too-many') return refused(tooManyForOneDialog)
    const { company } = read
    const file = args.formData.get('file')
    if (!(file instanceof Blob) || file.size === 0) return refused('Choose a CSV file to import.')
    if (file.size > IMPORT_MAX_BYTES) return refused(fileTooLarge, 413)
    // A header and the rows: one record more than the rows a file may have.
    const reading = readCsv(new Uint8Array(await file.arrayBuffer()), {
      maxRecords: IMPORT_MAX_ROWS + 1,
      tooMany: tooManyRows,
    })
    if (!reading.ok) return refused(reading.message)
    const plan = planSeatImport(reading.records, company.licenses, Date.now())
    return json<ImportSeatsActionData>(
      {
        intent: 'import-seats',
        stage: 'plan',
        fileName: file instanceof File ? file.name.slice(0, 200) : '',
        summary: plan.summary,
        errors: plan.errors,
        changes: plan.errors.length > 0 ? [] : plan.changes,
      },
      { status: plan.errors.length > 0 ? 400 : 200 },
    )
  }

  let changes: z.infer<typeof Plan>
  try {
    const parsed = Plan.safeParse(JSON.parse(String(args.formData.get(PLAN_FIELD_NAME) ?? '')))
    if (!parsed.success) return refused('The plan could not be read. Please upload the file again.')
    changes = parsed.data
  } catch {
    return refused('The plan could not be read. Please upload the file again.')
  }
  // Only this company's licenses: the service checks rights again, this keeps a plan to its dialog.
  const named = await tryReadLicenses(args, companyId, { ids: changes.map(({ id, owner }) => ({ id, owner })) })
  if (named === 'not-found') {
    await importCompany(args, companyId)
    return refused('The plan names a license of another company.')
  }
  // Not reached: a plan has fewer rows than one read may name.
  if (named === 'too-many') return refused(tooManyForOneDialog)
  if (!named.company.canAssign) notFound()
  const answer = await callLicensing(
    'changeAssignment',
    { licenses: changes, sendEmail: false },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    if (answer.error === 'ASSIGNMENT_CHANGED') {
      return refused(
        'Someone else changed the assignments of these licenses after the plan was made, so nothing was changed. Upload the file again to see a new plan.',
        409,
      )
    }
    const { message, status } = refusal(answer.error)
    return refused(message, status)
  }
  return changed(args, {
    message: seatsImported(named.company.name, {
      assigned: changes.filter((c) => c.assignedTo !== '').length,
      unassigned: changes.filter((c) => c.assignedTo === '' && c.assignedToBefore !== '').length,
    }),
    target: anchors.company(named.company.id),
  })
}
