// My machines (`?dialog=machines&license=ID&owner=O`): docs/decisions/0011-machine-deactivation-budget.md.
import { json } from '@remix-run/node'
import * as z from 'zod/mini'
import { Id } from '#protocol/shared/limits'
import type { DeactivationBudget, Machine } from '#protocol/machines/operations'
import { labelled } from '#protocol/shared/text'
import { licenseName } from '#app/rules/changes'
import { displayName } from '#protocol/catalog/products'
import { callLicensing, idempotencyKeyOf, newIdempotencyKey } from '#app/utils/licensing.server'
import { changed } from '../shared/changed.server'
import { forbidden, notFound, refusal } from '../shared/details.server'
import { readLicense } from '../shared/license-reads.server'
import type { DialogArgs, DialogLoader, ManageAction, ManageArgs } from '../shared/registry'
import { namedIn } from '../shared/named'
import { dialogUrl } from '../shared/urls'

/** `name`: as the sentences say it (`licenseName`). */
type LicenseSummary = { id: string; owner: string; name: string }

export type MachinesDialogData = {
  license: LicenseSummary
  machines: Machine[]
  budget: DeactivationBudget
  mayDeactivate: boolean
}

export type DeactivateMachineDialogData = {
  license: LicenseSummary
  machine: Machine
  budget: DeactivationBudget
  idempotencyKey: string
}

export type DeactivateMachineActionData = { intent: 'deactivate-machine'; message: string }

const Ref = z.object({
  license: Id,
  owner: Id,
})
const DeactivateForm = z.extend(Ref, { machine: Id })

/** The license (its words from the page's own read) and its machines; a license not the user's to see is a 404. */
async function machinesOf(args: DialogArgs) {
  const ref = Ref.safeParse(Object.fromEntries(args.url.searchParams))
  if (!ref.success) notFound()
  const answer = await callLicensing(
    'retrieveMachines',
    { license: { id: ref.data.license, owner: ref.data.owner } },
    { credential: args.user.credential, context: args.context },
  )
  if (!answer.ok) {
    if (answer.error === 'NOT_FOUND') notFound()
    throw json({ message: refusal(answer.error).message }, { status: refusal(answer.error).status })
  }
  const { license } = await readLicense(args, { id: ref.data.license, owner: ref.data.owner })
  return {
    license: {
      id: license.id,
      owner: license.owner,
      name: licenseName({ product: displayName(license), order: license.order, key: license.key }),
    },
    ...answer.result,
  }
}

export const machinesDialog: DialogLoader<MachinesDialogData> = async (args) => machinesOf(args)

export const deactivateMachineDialog: DialogLoader<DeactivateMachineDialogData> = async (args) => {
  const read = await machinesOf(args)
  if (!read.mayDeactivate) notFound()
  const machine = read.machines.find((m) => m.key === args.url.searchParams.get('machine'))
  if (!machine) notFound()
  return { license: read.license, machine, budget: read.budget, idempotencyKey: newIdempotencyKey() }
}

/** "Deactivated … on the machine "x"": the sentence the change ends with. */
export function deactivatedMessage(name: string, hostname: string, deactivated: boolean): string {
  return deactivated
    ? `Deactivated ${name} on ${labelled('the machine', hostname)}: it can now be activated on another machine.`
    : `${labelled('The machine', hostname)} was already deactivated.`
}

/** `intent=deactivate-machine`: back to the license's machines with the sentence; a refusal stays in the dialog. */
export const deactivateMachine: ManageAction = async (args: ManageArgs & { formData: FormData }) => {
  const form = DeactivateForm.safeParse(Object.fromEntries(args.formData))
  if (!form.success) notFound()
  const { license, owner, machine } = form.data
  const answer = await callLicensing(
    'deactivateMachine',
    { license: { id: license, owner }, machine },
    { credential: args.user.credential, context: args.context, idempotencyKey: idempotencyKeyOf(args.formData) },
  )
  if (!answer.ok) {
    if (answer.error === 'NOT_FOUND') notFound()
    if (answer.error === 'FORBIDDEN') forbidden()
    const { message, status } = refusal(answer.error)
    return json<DeactivateMachineActionData>(
      { intent: 'deactivate-machine', message: answer.error === 'RATE_LIMITED' ? answer.message : message },
      { status: answer.error === 'RATE_LIMITED' ? 429 : status },
    )
  }
  return changed(args, {
    message: deactivatedMessage(
      namedIn(args.formData) || 'the license',
      answer.result.hostname,
      answer.result.deactivated,
    ),
    to: dialogUrl({ dialog: 'machines', license, owner }, args.url),
  })
}
