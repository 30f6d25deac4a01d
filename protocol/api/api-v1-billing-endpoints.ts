// The REST API v1's endpoints that change a subscription: a change that charges is previewed first, and its commit
// takes the preview's id, so a script never charges an amount it did not see.
import { endpoint } from './api-endpoint.js'
import { ApiSubscription } from './api-v1.js'
import { ApiPreview, PreviewBody, PreviewedBody, QuantityBody, SubscriptionParams } from './api-v1-manage.js'

const change = { scope: 'billing', params: SubscriptionParams, response: ApiSubscription, example: {} } as const

export const billingEndpoints = {
  previewSubscriptionChange: endpoint({
    method: 'post',
    path: '/companies/{companyId}/subscriptions/{subscriptionId}/preview',
    operationId: 'previewSubscriptionChange',
    summary: 'Preview what a change would charge',
    description:
      'The amount charged now (tax included), the prorated credit and the next payment, as the payment provider ' +
      'computes them; changes nothing. Its `previewId` is what the change takes.',
    scope: 'billing',
    params: SubscriptionParams,
    body: PreviewBody,
    response: ApiPreview,
    refusals: [403, 404, 422],
    example: { body: { change: 'quantity', quantity: 3 } },
  }),
  changeSubscriptionQuantity: endpoint({
    ...change,
    method: 'post',
    path: '/companies/{companyId}/subscriptions/{subscriptionId}/quantity',
    operationId: 'changeSubscriptionQuantity',
    summary: "Change a subscription's quantity",
    description:
      'Takes the `previewId` of a preview of this quantity; refused (422) if the amount is no longer the one ' +
      'previewed, or the preview is older than 10 minutes. ' +
      'A charge the payment provider refuses is 402 (CHARGE_ERROR).',
    body: QuantityBody,
    refusals: [402, 403, 404, 422],
    example: { body: { quantity: 3, previewId: 'PREVIEW_ID' } },
  }),
  restartSubscription: endpoint({
    ...change,
    method: 'post',
    path: '/companies/{companyId}/subscriptions/{subscriptionId}/restart',
    operationId: 'restartSubscription',
    summary: 'Restart a paused subscription',
    description:
      'After its paid term has ended: a new term is charged now. Takes the `previewId` of a preview of the restart; ' +
      'refused (422) if the amount is no longer the one previewed, or the preview is older than 10 minutes. ' +
      'A charge the payment provider refuses is 402 (CHARGE_ERROR).',
    body: PreviewedBody,
    refusals: [402, 403, 404, 422],
    example: { body: { previewId: 'PREVIEW_ID' } },
  }),
  upgradeSubscription: endpoint({
    ...change,
    method: 'post',
    path: '/companies/{companyId}/subscriptions/{subscriptionId}/upgrade',
    operationId: 'upgradeSubscription',
    summary: 'Upgrade a subscription from monthly to annual billing',
    description:
      'Charged now, prorated; other changes are refused until the payment provider confirms it (`pendingChange`). ' +
      'Takes the `previewId` of a preview of the upgrade; refused (422) if the amount is no longer the one previewed, ' +
      'or the preview is older than 10 minutes. ' +
      'A charge the payment provider refuses is 402 (CHARGE_ERROR).',
    body: PreviewedBody,
    refusals: [402, 403, 404, 422],
    example: { body: { previewId: 'PREVIEW_ID' } },
  }),
  acceptSubscriptionOffer: endpoint({
    ...change,
    method: 'post',
    path: '/companies/{companyId}/subscriptions/{subscriptionId}/offer',
    operationId: 'acceptSubscriptionOffer',
    summary: "Accept a subscription's extension offer",
    description:
      "The offer's price is charged now and the licenses run 12 months longer. Takes the `previewId` of a preview " +
      'of the offer (which names the country paid from); refused (422) if the offer has changed, its currency is not ' +
      "the country's, or the preview is older than 10 minutes. A charge the payment provider refuses is 402 " +
      '(CHARGE_ERROR).',
    body: PreviewedBody,
    refusals: [402, 403, 404, 422],
    example: { body: { previewId: 'PREVIEW_ID' } },
  }),
  pauseSubscription: endpoint({
    ...change,
    method: 'post',
    path: '/companies/{companyId}/subscriptions/{subscriptionId}/pause',
    operationId: 'pauseSubscription',
    summary: 'Pause a subscription',
    description: 'Nothing more is charged; the licenses run to the end of the paid term.',
    refusals: [403, 404, 422],
  }),
  resumeSubscription: endpoint({
    ...change,
    method: 'post',
    path: '/companies/{companyId}/subscriptions/{subscriptionId}/resume',
    operationId: 'resumeSubscription',
    summary: 'Resume a paused subscription',
    description: 'Within its paid term: payments start again at its end, nothing is charged now.',
    refusals: [403, 404, 422],
  }),
  cancelSubscription: endpoint({
    ...change,
    method: 'post',
    path: '/companies/{companyId}/subscriptions/{subscriptionId}/cancel',
    operationId: 'cancelSubscription',
    summary: 'Cancel a subscription',
    description: 'It does not renew; the licenses run to the end of the paid term.',
    refusals: [403, 404, 422],
  }),
}
