// The REST API's offline keys and API tokens: each the service operation Manage Licenses calls (offlineLicense signs
// the keys; the API tokens dialog's calls make and revoke tokens, with the token as its company's administrator).
import { compareIds, showOfflineKey } from '../../../protocol/licenses/licenses.js'
import { MAX_OFFLINE_KEYS } from '../../../protocol/shared/limits.js'
import { toLicense } from '../../reads/mapping.js'
import { ApiProblem } from '../problems.js'
import { reachableCompany, runOperation, type ApiCall, type Handlers } from '../route-kit.js'

/** Each offlineLicense call a short piece of work, as the download's. */
const BATCH = 500

const tooMany =
  `This company has more than ${MAX_OFFLINE_KEYS.toLocaleString('en-US')} licenses with offline keys: they ` +
  'cannot be answered together. Read each license and ask Manage Licenses for its key.'

/** Its licenses outside a subscription that have an offline key (spec §5), by order then key. */
async function offlineLicenses(call: ApiCall<{ companyId: string }, unknown, unknown>) {
  const { companyId } = call.params
  await reachableCompany(call.ctx.db, call.token, companyId)
  const rows = await call.ctx.db
    .selectFrom('licenses')
    .selectAll()
    .where('owner', '=', companyId)
    .where('subscription_id', 'is', null)
    .where('trial', '=', 0)
    .limit(MAX_OFFLINE_KEYS + 1)
    .execute()
  if (rows.length > MAX_OFFLINE_KEYS) throw new ApiProblem(422, 'INVALID_REQUEST', tooMany)
  const now = call.ctx.now()
  return rows
    .map((row) => toLicense(row))
    .filter((license) => showOfflineKey(license, now))
    .sort((a, b) => compareIds(a.order, b.order) || a.key - b.key)
}

export const accessHandlers: Handlers<'getOfflineKeys' | 'listApiTokens' | 'createApiToken' | 'revokeApiToken'> = {
  async getOfflineKeys(call) {
    const licenses = await offlineLicenses(call)
    const data = []
    for (let i = 0; i < licenses.length; i += BATCH) {
      const batch = licenses.slice(i, i + BATCH)
      const signed = await runOperation(call, 'offlineLicense', {
        ids: batch.map((l) => ({ id: l.id, owner: l.owner })),
      })
      const keys = new Map(signed.licenses.map((record) => [record.id, record.licenseKey]))
      for (const license of batch) {
        const offlineKey = keys.get(license.id)
        if (offlineKey === undefined) throw new ApiProblem(404, 'NOT_FOUND', `License ${license.id} was not found.`)
        data.push({
          licenseId: license.id,
          productGroup: license.productGroup,
          orderId: license.order,
          keyNumber: license.key,
          offlineKey,
        })
      }
    }
    return { data }
  },
  async listApiTokens(call) {
    const { tokens } = await runOperation(call, 'retrieveApiTokens', { companyId: call.params.companyId })
    return { data: tokens }
  },
  createApiToken: (call) => runOperation(call, 'createApiToken', { companyId: call.params.companyId, ...call.body }),
  revokeApiToken: (call) => runOperation(call, 'revokeApiToken', call.params),
}
