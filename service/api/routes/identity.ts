// The REST API's operations on a company's domains and sign-in settings: each the service operation the /manage
// dialog calls.
import { runOperation, type Handlers } from '../route-kit.js'
import { signInSettings } from './company.js'

export const identityHandlers: Handlers<
  'claimDomain' | 'verifyDomain' | 'setDomainAutoJoin' | 'removeDomain' | 'saveSignInSettings' | 'removeSignInSettings'
> = {
  claimDomain: (call) => runOperation(call, 'claimDomain', { companyId: call.params.companyId, ...call.body }),
  verifyDomain: (call) => runOperation(call, 'verifyDomain', call.params),
  setDomainAutoJoin: (call) => runOperation(call, 'setAutoJoin', { ...call.params, ...call.body }),
  removeDomain: (call) => runOperation(call, 'removeDomain', call.params),
  async saveSignInSettings(call) {
    const { clientSecret = '', ...settings } = call.body
    await runOperation(call, 'updateCompanySignIn', { companyId: call.params.companyId, clientSecret, ...settings })
    return signInSettings(call)
  },
  async removeSignInSettings(call) {
    await runOperation(call, 'removeCompanySignIn', { companyId: call.params.companyId })
    return signInSettings(call)
  },
}
