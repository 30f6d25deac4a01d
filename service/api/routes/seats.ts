// The REST API's seat operations beyond one license: many at once, machines, the reclaim of idle seats.
import type { ApiLicense } from '../../../protocol/api/api-v1.js'
import { apiActor } from '../../../protocol/shared/access-tokens.js'
import { quoted } from '../../../protocol/shared/text.js'
import { ServiceError } from '../../dispatch/errors.js'
import { applyAssignmentChange } from '../../operations/company.js'
import { findLicenses, toApiLicense } from '../licenses.js'
import { ApiProblem } from '../problems.js'
import { reachableCompany, runOperation, type ApiCall, type Handlers } from '../route-kit.js'

type HolderChange = { licenseId: string; holder: string; expectedHolder: string }

/** At most `API_BATCH_MAX` ids: one query. */
async function companyLicenses(call: ApiCall<{ companyId: string }, unknown, unknown>, ids: readonly string[]) {
  const rows = new Map(
    (await findLicenses(call.ctx.db, { companyId: call.params.companyId }, ids)).map((row) => [row.id, row]),
  )
  return ids.map((id) => {
    const row = rows.get(id)
    if (!row) {
      throw new ApiProblem(404, 'NOT_FOUND', `License ${id} was not found in this company.`)
    }
    return row
  })
}

/** The portal's own change (one transaction, compare-and-set per row, directory seats, the queue, the log). */
export async function changeHolders(
  call: ApiCall<{ companyId: string }, unknown, unknown>,
  changes: readonly HolderChange[],
  notify: boolean,
): Promise<ApiLicense[]> {
  const { ctx, token } = call
  await reachableCompany(ctx.db, token, call.params.companyId)
  const ids = changes.map((c) => c.licenseId)
  const rows = await companyLicenses(call, ids)
  await applyAssignmentChange(
    ctx,
    {
      licenses: changes.map((c, i) => ({
        id: c.licenseId,
        owner: rows[i].owner,
        assignedTo: c.holder,
        assignedToBefore: c.expectedHolder,
      })),
      sendEmail: notify,
    },
    {
      log: apiActor(token.name),
      mail: `The API token ${quoted(token.name)}`,
      async mayAssign(_trx, companyIds) {
        if (companyIds.some((id) => id !== token.companyId)) throw new ServiceError('FORBIDDEN')
      },
    },
  )
  return (await companyLicenses(call, ids)).map((row) => toApiLicense(row, ctx.now(), call.keys))
}

const licenseRef = (params: { companyId: string; licenseId: string }) => ({
  id: params.licenseId,
  owner: params.companyId,
})

export const seatHandlers: Handlers<
  'assignLicenses' | 'listMachines' | 'deactivateMachine' | 'getReclaimPolicy' | 'setReclaimPolicy' | 'undoReclaim'
> = {
  async assignLicenses(call) {
    return { data: await changeHolders(call, call.body.changes, call.body.notify) }
  },
  async listMachines(call) {
    const { machines, budget } = await runOperation(call, 'retrieveMachines', { license: licenseRef(call.params) })
    return { data: machines, budget }
  },
  deactivateMachine: (call) =>
    runOperation(call, 'deactivateMachine', { license: licenseRef(call.params), machine: call.params.machineKey }),
  async getReclaimPolicy(call) {
    const { idleDays, reclaims } = await runOperation(call, 'retrieveReclaims', { companyId: call.params.companyId })
    return { idleDays, reclaims }
  },
  setReclaimPolicy: (call) =>
    runOperation(call, 'setReclaimPolicy', { companyId: call.params.companyId, idleDays: call.body.idleDays }),
  undoReclaim: (call) =>
    runOperation(call, 'undoReclaim', { companyId: call.params.companyId, reclaimId: call.params.reclaimId }),
}
