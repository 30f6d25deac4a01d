// The REST API's operations on a company's domains: each the service operation the /manage dialog calls.
import { runOperation, type Handlers } from '../route-kit.js'

export const identityHandlers: Handlers<'claimDomain' | 'verifyDomain' | 'setDomainAutoJoin' | 'removeDomain'> = {
  claimDomain: (call) => runOperation(call, 'claimDomain', { companyId: call.params.companyId, ...call.body }),
  verifyDomain: (call) => runOperation(call, 'verifyDomain', call.params),
  setDomainAutoJoin: (call) => runOperation(call, 'setAutoJoin', { ...call.params, ...call.body }),
  removeDomain: (call) => runOperation(call, 'removeDomain', call.params),
}
