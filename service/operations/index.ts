import { ServiceError } from '../dispatch/errors.js'
import { logout, manageLicenseByLink, retrieveDetails, signInLink } from './session.js'
import { accountOperations } from './account.js'
import { activationOperations } from './activation.js'
import { identityOperations } from '../identity/operations.js'
import { adminOperations } from './admin.js'
import { companyOperations } from './company.js'
import { permissionOperations } from './permissions.js'
import { renewalOperations } from './renewals.js'
import { shopOperations } from './shop.js'
import { subscriptionOperations } from '../subscriptions/operations.js'
import { subscriptionQuantityOperations } from '../subscriptions/quantity.js'
import { extensionOfferOperations } from '../subscriptions/extension-offer.js'
import { activityOperations } from '../activity/operations.js'
import { licenseReadOperations } from './license-reads.js'
import { domainOperationHandlers } from '../domains/domains.js'
import { companySignInOperationHandlers } from '../company-sign-in/oidc.js'
import { companySignInSettingsHandlers } from '../company-sign-in/oidc-settings.js'
import { autoJoinOperationHandlers } from '../domains/auto-join.js'
import { directoryOperationHandlers } from '../directory/operations.js'
import { apiTokenOperationHandlers } from '../api-tokens/operations.js'
import { usageOperationHandlers } from '../usage/operations.js'
import { reclaimOperationHandlers } from '../reclaim/operations.js'
import { webhookOperationHandlers } from '../webhooks/operations.js'
import { machineOperationHandlers } from '../machines/machines.js'

import type { OperationHandler, OperationHandlers } from './handlers.js'

export type { OperationHandler, OperationHandlers }

const sessionOperations: OperationHandlers = {
  manageLicense: async (payload, ctx) => {
    if (payload.type === 'link') return manageLicenseByLink(payload, ctx)
    const identity = ctx.adapters.identity
    if (!identity) throw new ServiceError('UNKNOWN_OPERATION', 'Social sign-in is not available.')
    return identity.startSignIn(payload, ctx)
  },
  retrieveDetails,
  signInLink,
  logout,
}

export const operationHandlers: OperationHandlers = {
  ...sessionOperations,
  ...identityOperations,
  ...accountOperations,
  ...activationOperations,
  ...companyOperations,
  ...licenseReadOperations,
  ...permissionOperations,
  ...adminOperations,
  ...shopOperations,
  ...renewalOperations,
  ...subscriptionOperations,
  ...subscriptionQuantityOperations,
  ...extensionOfferOperations,
  ...activityOperations,
  ...domainOperationHandlers,
  ...companySignInSettingsHandlers,
  ...companySignInOperationHandlers,
  ...autoJoinOperationHandlers,
  ...directoryOperationHandlers,
  ...apiTokenOperationHandlers,
  ...usageOperationHandlers,
  ...reclaimOperationHandlers,
  ...webhookOperationHandlers,
  ...machineOperationHandlers,
}
