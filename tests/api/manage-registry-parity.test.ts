/**
 * Parity of the REST API with /manage: every form's `intent` in the /manage action registry has its API operations,
 * or is listed as the portal's alone with the reason.
 */
import { describe, expect, it } from 'vitest'
import { apiV1Endpoints, type ApiOperationId } from '../../protocol/api/api-v1-endpoints.js'

const { manageActions } = await import('#app/routes/__manage/registry.server')

/** The API operations that do what the form does. */
const inApi: Record<string, readonly ApiOperationId[]> = {
  assign: ['assignLicense'],
  unassign: ['unassignLicense'],
  'undo-unassign': ['assignLicense'],
  'bulk-assign': ['assignLicenses'],
  'import-seats': ['assignLicenses'],
  'subscription-assign': ['assignLicenses'],
  'add-permission': ['addPerson'],
  'remove-permission': ['removePerson'],
  'undo-remove-permission': ['addPerson'],
  'deactivate-machine': ['listMachines', 'deactivateMachine'],
  'add-webhook-endpoint': ['createWebhookEndpoint'],
  'set-webhook-endpoint-state': ['updateWebhookEndpoint'],
  'remove-webhook-endpoint': ['deleteWebhookEndpoint'],
  'resend-webhook-delivery': ['listWebhookEndpoints', 'resendWebhookDelivery'],
  'set-reclaim-policy': ['getReclaimPolicy', 'setReclaimPolicy'],
  'undo-reclaim': ['undoReclaim'],
  'subscription-quantity': ['previewSubscriptionChange', 'changeSubscriptionQuantity'],
  'subscription-pause-resume': [
    'pauseSubscription',
    'resumeSubscription',
    'previewSubscriptionChange',
    'restartSubscription',
  ],
  'subscription-cancel': ['cancelSubscription'],
  'subscription-upgrade': ['previewSubscriptionChange', 'upgradeSubscription'],
  'subscription-offer': ['previewSubscriptionChange', 'acceptSubscriptionOffer'],
  'claim-domain': ['claimDomain'],
  'verify-domain': ['verifyDomain'],
  'remove-domain': ['removeDomain'],
  'set-auto-join': ['setDomainAutoJoin'],
  'save-company-sign-in': ['saveSignInSettings'],
  'remove-company-sign-in': ['removeSignInSettings'],
  'create-api-token': ['createApiToken'],
  'revoke-api-token': ['revokeApiToken'],
  'create-scim-token': ['listScimTokens', 'createScimToken'],
  'revoke-scim-token': ['listScimTokens', 'revokeScimToken'],
  'map-directory-group': ['getDirectory', 'mapDirectoryGroup'],
  'set-directory-ownership': ['getDirectory', 'setDirectoryOwnership'],
}

/** The portal's alone: nothing a company's automation does. */
const portalOnly: Record<string, string> = {
  'dismiss-welcome': 'Hides the welcome notice in this browser: a preference cookie, nothing of the company.',
  'account-settings': "The signed-in person's own account (name, mail preferences), not a company's.",
  'link-account': "Links the signed-in person's GitHub or Google sign-in: a browser redirect to the provider.",
  'change-email': "Changes the signed-in person's own address, confirmed by a link mailed to them.",
  merge: 'Platform administrators only (merging two accounts), never a company administrator.',
  'remove-license': 'Platform administrators only, never a company administrator.',
  'remove-subscription': 'Platform administrators only, never a company administrator.',
  renew: "Opens the payment provider's checkout, where a person enters a card and pays: nothing a script completes.",
  'bulk-renew': "Opens the payment provider's checkout for the licenses chosen, paid there by a person.",
}

describe('the REST API and the /manage action registry', () => {
  it('has an API operation for every /manage action, or a reason it is the portal’s alone', () => {
    const listed = [inApi, portalOnly].flatMap((list) => Object.keys(list))
    const unlisted = [...manageActions.keys()].filter((intent) => !listed.includes(intent))
    expect(unlisted, 'intents with no API operation and no reason').toEqual([])
    expect(new Set(listed).size, 'an intent listed twice').toBe(listed.length)
    const stale = listed.filter((intent) => !manageActions.has(intent))
    expect(stale, 'listed intents no form posts').toEqual([])
  })

  it('names only operations the API serves, and a reason for each portal-only action', () => {
    for (const [intent, ids] of Object.entries(inApi)) {
      expect(ids.length, intent).toBeGreaterThan(0)
      for (const id of ids) expect(Object.hasOwn(apiV1Endpoints, id), `${intent}: ${id}`).toBe(true)
    }
    for (const [intent, reason] of Object.entries(portalOnly)) {
      expect(reason.length, intent).toBeGreaterThan(20)
    }
  })
})
