// The REST API's directory: each the service operation the Directory dialog calls (its rules, refusals and log), and
// the dialog's own read of its token list.
import { retrieveScimTokens } from '../../directory/operations.js'
import { productName } from '../../directory/queue.js'
import { ApiProblem } from '../problems.js'
import { reachableCompany, runOperation, type ApiCall, type Handlers } from '../route-kit.js'

type CompanyCall = ApiCall<{ companyId: string }, unknown, unknown>

async function directory(call: CompanyCall) {
  const read = await runOperation(call, 'retrieveDirectory', { companyId: call.params.companyId })
  const groups = read.groups.map((group) => ({
    ...group,
    productGroups: read.mappings.filter((m) => m.groupId === group.id).map((m) => m.productGroup),
  }))
  const products = read.products.map(({ productGroup, name, owned, free, held, wouldFree }) => ({
    productGroup,
    name,
    owned,
    free,
    held,
    wouldFree,
  }))
  return { scimBaseUrl: read.scimBaseUrl, users: read.users, groups, products }
}

export const directoryHandlers: Handlers<
  | 'getDirectory'
  | 'listScimTokens'
  | 'createScimToken'
  | 'revokeScimToken'
  | 'mapDirectoryGroup'
  | 'setDirectoryOwnership'
> = {
  getDirectory: directory,
  async listScimTokens(call) {
    await reachableCompany(call.ctx.db, call.token, call.params.companyId)
    return { data: await retrieveScimTokens(call.params.companyId, call.ctx) }
  },
  createScimToken: (call) => runOperation(call, 'createScimToken', { companyId: call.params.companyId, ...call.body }),
  revokeScimToken: (call) =>
    runOperation(call, 'revokeScimToken', { companyId: call.params.companyId, tokenId: call.params.scimTokenId }),
  async mapDirectoryGroup(call) {
    await runOperation(call, 'mapDirectoryGroup', { ...call.params, ...call.body })
    const group = (await directory(call)).groups.find((g) => g.id === call.params.groupId)
    if (!group) throw new ApiProblem(404, 'NOT_FOUND', 'There is no such group in the directory.')
    return group
  },
  async setDirectoryOwnership(call) {
    await runOperation(call, 'setDirectoryOwnership', { ...call.params, ...call.body })
    const { productGroup } = call.params
    // A product the company has no licenses of, mapped to no group and not owned is listed nowhere: it is all zeros.
    const listed = (await directory(call)).products.find((p) => p.productGroup === productGroup)
    return listed ?? { productGroup, name: productName(productGroup), owned: false, free: 0, held: 0, wouldFree: [] }
  },
}
