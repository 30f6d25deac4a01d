// The REST API's operations on a company's people, webhooks, domains, sign-in settings and seat queue: each the
// service operation the /manage dialog calls.
import { apiPersonRoles } from '../../../protocol/api/api-v1-manage.js'
import { roleCodes, roleNames, roleOf } from '../../../protocol/permissions/roles.js'
import { runOperation, type ApiCall, type Handlers } from '../route-kit.js'

type CompanyCall = ApiCall<{ companyId: string }, unknown, unknown>

async function people(call: CompanyCall) {
  const { permissions } = await runOperation(call, 'retrievePermissions', { companyId: call.params.companyId })
  return { data: permissions.map((p) => ({ email: p.email, role: roleNames[roleOf(p.permissions)] })) }
}

const companyOf = (call: CompanyCall) => ({ companyId: call.params.companyId })

/** Never the client secret: the operation answers only whether one is stored. */
export async function signInSettings(call: CompanyCall) {
  const { settings, redirectUri, verifiedDomains } = await runOperation(call, 'retrieveCompanySignIn', companyOf(call))
  return { settings, redirectUri, verifiedDomains }
}

export const companyHandlers: Handlers<
  | 'listPeople'
  | 'addPerson'
  | 'removePerson'
  | 'listWebhookEndpoints'
  | 'createWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'resendWebhookDelivery'
  | 'listDomains'
  | 'getSignInSettings'
  | 'getSeatQueue'
> = {
  listPeople: people,
  async addPerson(call) {
    const { email, role, notify } = call.body
    const permissions = roleCodes(apiPersonRoles[role])
    await runOperation(call, 'updatePermissions', {
      add: [{ ...companyOf(call), email, permissions }],
      sendEmail: notify,
    })
    return people(call)
  },
  async removePerson(call) {
    await runOperation(call, 'updatePermissions', { remove: [{ ...companyOf(call), email: call.body.email }] })
    return people(call)
  },
  async listWebhookEndpoints(call) {
    return { data: (await runOperation(call, 'retrieveWebhooks', companyOf(call))).endpoints }
  },
  createWebhookEndpoint: (call) => runOperation(call, 'addWebhookEndpoint', { ...companyOf(call), ...call.body }),
  updateWebhookEndpoint: (call) => runOperation(call, 'setWebhookEndpointState', { ...call.params, ...call.body }),
  deleteWebhookEndpoint: (call) => runOperation(call, 'removeWebhookEndpoint', call.params),
  resendWebhookDelivery: (call) => runOperation(call, 'resendWebhookDelivery', call.params),
  async listDomains(call) {
    return { data: (await runOperation(call, 'retrieveDomains', companyOf(call))).domains }
  },
  getSignInSettings: signInSettings,
  async getSeatQueue(call) {
    const { products } = await runOperation(call, 'retrieveDirectory', companyOf(call))
    return { data: products.map((p) => ({ product: p.productGroup, queue: p.queue })) }
  },
}
