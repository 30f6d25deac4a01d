// The REST API's subscription changes. A preview's id is the MAC of what it showed (subscription, change, quantity,
// amounts, token, time): the commit previews again and goes ahead only if the provider still asks the same amounts.
// A restart, an upgrade and the extension offer (its country signed in too) are previewed and committed the same way.
import crypto from 'node:crypto'
import * as z from 'zod/mini'
import type { SubscriptionPreview } from '../../../protocol/entities.js'
import { ApiProblem } from '../problems.js'
import { companySubscriptions } from '../company-reads.js'
import { runOperation, type ApiCall, type Handlers } from '../route-kit.js'

export const PREVIEW_VALID_MS = 10 * 60 * 1000

type SubscriptionCall = ApiCall<{ companyId: string; subscriptionId: string }, unknown, unknown>

/** `c` the change, `q` its quantity (0 but for a quantity), `n` the country an offer is paid from. */
const Claims = z.object({
  s: z.string(),
  c: z.enum(['quantity', 'restart', 'upgrade', 'offer']),
  q: z.int(),
  n: z.optional(z.string()),
  k: z.string(),
  t: z.number(),
  a: z.string(),
})
type Change =
  { change: 'quantity'; quantity: number } | { change: 'restart' | 'upgrade' } | { change: 'offer'; country: string }
const quantityOf = (change: Change) => (change.change === 'quantity' ? change.quantity : 0)
const countryOf = (change: Change) => (change.change === 'offer' ? change.country : undefined)
type Claims = z.infer<typeof Claims>

/** The amounts a preview shows, in one string: equal strings, equal charges. */
const amountsOf = ({ immediatePayment: now, credit }: SubscriptionPreview) =>
  JSON.stringify([
    now ? [now.amount, now.tax ?? 0, now.currency] : null,
    credit ? [credit.amount, credit.currency] : null,
  ])

const macOf = (call: SubscriptionCall, body: string) => call.ctx.codec.mac(`api-preview.${body}`)

function previewIdOf(call: SubscriptionCall, claims: Claims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${body}.${macOf(call, body)}`
}

const refused = (detail: string) => new ApiProblem(422, 'INVALID_STATE', detail)

function claimsOf(call: SubscriptionCall, previewId: string): Claims {
  const [body = '', mac = ''] = previewId.split('.')
  const expected = Buffer.from(macOf(call, body))
  const given = Buffer.from(mac)
  const parsed =
    given.length === expected.length && crypto.timingSafeEqual(given, expected)
      ? Claims.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')))
      : undefined
  if (!parsed?.success) {
    throw new ApiProblem(400, 'INVALID_PAYLOAD', 'This previewId is not one this API gave: ask for a preview first.')
  }
  return parsed.data
}

const preview = (call: SubscriptionCall, change: Change) =>
  runOperation(call, 'subscriptionPreview', {
    subscriptionId: call.params.subscriptionId,
    change: change.change,
    ...(change.change === 'quantity' ? { quantity: change.quantity } : {}),
  })

/**
 * Refused unless the id is this token's preview of this very change, recent, and its amounts are still asked; answers
 * the preview made now. An offer's country is the one its preview named.
 */
async function requireSeen(call: SubscriptionCall, asked: Change, previewId: string) {
  const claims = claimsOf(call, previewId)
  const change: Change = asked.change === 'offer' ? { change: 'offer', country: claims.n ?? '' } : asked
  const same = claims.s === call.params.subscriptionId && claims.c === change.change && claims.q === quantityOf(change)
  if (!same || claims.k !== call.token.id) {
    throw refused('This previewId is of another change: preview this change, then send its previewId.')
  }
  if (call.ctx.now() - claims.t > PREVIEW_VALID_MS) throw refused('This preview has expired: ask for another.')
  const now = await preview(call, change)
  if (amountsOf(now) !== claims.a) {
    throw refused('The amount has changed since the preview: ask for another preview and check it.')
  }
  return { shown: now, country: claims.n ?? '' }
}

async function subscriptionAfter(call: SubscriptionCall) {
  const all = await companySubscriptions(call.ctx.db, call.params.companyId, call.ctx.now())
  const found = all.find((s) => s.id === call.params.subscriptionId)
  if (!found) throw new ApiProblem(404, 'NOT_FOUND', 'This subscription was not found in this company.')
  return found
}

const pauseResume = (action: 'pause' | 'resume') => async (call: SubscriptionCall) => {
  await runOperation(call, 'subscriptionPauseResume', { action, subscriptionId: call.params.subscriptionId })
  return subscriptionAfter(call)
}

export const billingHandlers: Handlers<
  | 'previewSubscriptionChange'
  | 'changeSubscriptionQuantity'
  | 'restartSubscription'
  | 'upgradeSubscription'
  | 'acceptSubscriptionOffer'
  | 'pauseSubscription'
  | 'resumeSubscription'
  | 'cancelSubscription'
> = {
  async previewSubscriptionChange(call) {
    const { body } = call
    const change: Change =
      body.change === 'quantity'
        ? { change: 'quantity', quantity: body.quantity ?? 0 }
        : body.change === 'offer'
          ? { change: 'offer', country: body.country ?? '' }
          : { change: body.change }
    const shown = await preview(call, change)
    const claims = {
      s: call.params.subscriptionId,
      c: change.change,
      q: quantityOf(change),
      n: countryOf(change),
      k: call.token.id,
      t: call.ctx.now(),
      a: amountsOf(shown),
    }
    return { ...shown, previewId: previewIdOf(call, claims) }
  },
  async changeSubscriptionQuantity(call) {
    const { quantity, previewId, licensesToLapse } = call.body
    await requireSeen(call, { change: 'quantity', quantity }, previewId)
    await runOperation(call, 'subscriptionUpdateQuantity', {
      subscriptionId: call.params.subscriptionId,
      quantity,
      licensesToLapse: licensesToLapse.map((licenseId) => ({ id: licenseId, owner: call.params.companyId })),
    })
    return subscriptionAfter(call)
  },
  async restartSubscription(call) {
    await requireSeen(call, { change: 'restart' }, call.body.previewId)
    await runOperation(call, 'subscriptionPauseResume', {
      action: 'restart',
      subscriptionId: call.params.subscriptionId,
    })
    return subscriptionAfter(call)
  },
  async upgradeSubscription(call) {
    await requireSeen(call, { change: 'upgrade' }, call.body.previewId)
    await runOperation(call, 'subscriptionUpgrade', { subscriptionId: call.params.subscriptionId })
    return subscriptionAfter(call)
  },
  async acceptSubscriptionOffer(call) {
    const { shown, country } = await requireSeen(call, { change: 'offer', country: '' }, call.body.previewId)
    await runOperation(call, 'specialOffer', {
      subscriptionId: call.params.subscriptionId,
      country,
      price: shown.immediatePayment?.amount ?? 0,
    })
    return subscriptionAfter(call)
  },
  pauseSubscription: pauseResume('pause'),
  resumeSubscription: pauseResume('resume'),
  async cancelSubscription(call) {
    await runOperation(call, 'cancelSubscription', { subscriptionId: call.params.subscriptionId })
    return subscriptionAfter(call)
  },
}
