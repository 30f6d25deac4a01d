// The subscription forms of /manage (post/redirect/get); their dialogs are in `subscriptions.server.ts`.
import { parseWithZod } from '#app/utils/conform-zod'
import { json } from '@remix-run/node'
import type { z } from 'zod/mini'
import type { OperationName, Payload } from '#protocol/operations'
import type { ErrorCode } from '#protocol/shared/errors'
import { parseAddressList } from '#protocol/shared/address-list'
import { planQuantityChange, planSubscriptionAssignment } from '#app/rules/subscription'
import { callLicensing, idempotencyKeyOf } from '#app/utils/licensing.server'
import { setPreferences } from '#app/utils/preferences.server'
import { forbidden, notFound, refusal } from '../shared/details.server'
import { anchors } from '../shared/anchors'
import { changed } from '../shared/changed.server'
import { namedIn } from '../shared/named'
import { subscriptionChanges } from '#app/rules/changes'
import { subscriptionTitle } from '#protocol/catalog/products'
import type { ManageAction } from '../shared/registry'
import {
  OfferSchema,
  PauseResumeSchema,
  SubscriptionFormSchema,
  assignSchema,
  quantitySchema,
} from './subscription-schemas'
import { messageFor, pricedChange, requireSubscription, type SubscriptionActionData } from './subscriptions.server'

/** Session errors end in the session dialog, the rest become a message. */
function refused(intent: string, subscription: string, error: ErrorCode, message: string) {
  const { status } = refusal(error)
  if (error === 'CHARGE_ERROR')
    return json<SubscriptionActionData>({ intent, subscription, kind: 'charge' }, { status })
  if (error === 'CURRENCY_MISMATCH')
    return json<SubscriptionActionData>({ intent, subscription, kind: 'currency' }, { status })
  return json<SubscriptionActionData>({ intent, subscription, message: messageFor(error, message) }, { status })
}

/** Named by id alone: not there is a 404, not the caller's to change a 403, anything else the dialog's message. */
function refusedByReference(intent: string, subscription: string, error: ErrorCode, message: string) {
  if (error === 'NOT_FOUND') notFound()
  if (error === 'FORBIDDEN') forbidden()
  return refused(intent, subscription, error, message)
}

const options = (args: Parameters<ManageAction>[0]) => ({
  credential: args.user.credential,
  context: args.context,
  idempotencyKey: idempotencyKeyOf(args.formData),
})

/** Cancel, pause / resume / restart, upgrade: nothing to fill in, nothing else read. */
function confirmAction<Schema extends z.ZodMiniType<{ subscription: string }>, O extends OperationName>(config: {
  intent: string
  schema: Schema
  invalid: string
  operation: O
  payload: (form: z.infer<Schema>, subscriptionId: string) => Payload<O>
  done: (form: z.infer<Schema>, title: string) => string
}): ManageAction {
  return async (args) => {
    const parsed = config.schema.safeParse(Object.fromEntries(args.formData))
    if (!parsed.success) return json({ error: config.invalid }, { status: 400 })
    const id = parsed.data.subscription
    const answer = await callLicensing(config.operation, config.payload(parsed.data, id), options(args))
    if (!answer.ok) return refusedByReference(config.intent, id, answer.error, answer.message)
    return changed(args, { message: config.done(parsed.data, titleIn(args, id)), target: anchors.subscription(id) })
  }
}

/** Its id when the form did not say. */
function titleIn(args: Parameters<ManageAction>[0], id: string): string {
  return namedIn(args.formData) || `subscription ${id}`
}

export const cancel = confirmAction({
  intent: 'subscription-cancel',
  schema: SubscriptionFormSchema,
  invalid: 'A subscription must be given.',
  operation: 'cancelSubscription',
  payload: (_form, subscriptionId) => ({ subscriptionId }),
  done: (_form, title) => subscriptionChanges.cancelled(title),
})

export const pauseResume = confirmAction({
  intent: 'subscription-pause-resume',
  schema: PauseResumeSchema,
  invalid: 'A subscription and an action must be given.',
  operation: 'subscriptionPauseResume',
  payload: (form, subscriptionId) => ({ action: form.action, subscriptionId }),
  done: (form, title) =>
    form.action === 'pause'
      ? subscriptionChanges.paused(title)
      : form.action === 'restart'
        ? subscriptionChanges.restarted(title)
        : subscriptionChanges.resumed(title),
})

export const upgrade = confirmAction({
  intent: 'subscription-upgrade',
  schema: SubscriptionFormSchema,
  invalid: 'A subscription must be given.',
  operation: 'subscriptionUpgrade',
  payload: (_form, subscriptionId) => ({ subscriptionId }),
  done: (_form, title) => subscriptionChanges.upgradeRequested(title),
})

export const offer: ManageAction = async (args) => {
  const intent = 'subscription-offer'
  const submission = parseWithZod(args.formData, { schema: OfferSchema })
  const id = String(args.formData.get('subscription') ?? '')
  if (submission.status !== 'success') {
    return json<SubscriptionActionData>({ intent, subscription: id, result: submission.reply() }, { status: 400 })
  }
  const subscriptionId = submission.value.subscription
  const answer = await callLicensing(
    'specialOffer',
    {
      subscriptionId,
      country: submission.value.country,
      price: submission.value.price,
      alwaysAllow: false,
    },
    options(args),
  )
  if (!answer.ok) return refusedByReference(intent, subscriptionId, answer.error, answer.message)
  return changed(args, {
    message: subscriptionChanges.extended(titleIn(args, subscriptionId)),
    target: anchors.subscription(subscriptionId),
  })
}

export const quantity: ManageAction = async (args) => {
  const intent = 'subscription-quantity'
  const { subscription } = await requireSubscription(args, String(args.formData.get('subscription') ?? ''), 'billing')
  const id = subscription.subscriptionId
  const submission = parseWithZod(args.formData, { schema: quantitySchema(subscription) })
  // The price of the number asked stays on the page while a choice is corrected (script off).
  const priceOf = async (asked: number) =>
    asked === subscription.quantity
      ? {}
      : {
          priced: {
            quantity: asked,
            ...(await pricedChange(args, { subscriptionId: id, change: 'quantity', quantity: asked })),
          },
        }
  if (submission.status !== 'success') {
    const asked = Number(args.formData.get('previewed'))
    return json<SubscriptionActionData>(
      {
        intent,
        subscription: id,
        result: submission.reply(),
        ...(Number.isInteger(asked) && asked === Number(args.formData.get('quantity')) ? await priceOf(asked) : {}),
      },
      { status: 400 },
    )
  }
  const value = submission.value
  // Money is shown before it moves: the change goes ahead only at the price the person saw for this number.
  if (value.stage === 'review' || value.previewed !== value.quantity) {
    return json<SubscriptionActionData>({
      intent,
      subscription: id,
      result: submission.reply(),
      reviewed: true,
      ...(await priceOf(value.quantity)),
    })
  }
  const plan = planQuantityChange(subscription, value.quantity, value.lapse)
  if ('error' in plan) {
    // The schema has just checked the same plan; this only guards against a change in between.
    return json<SubscriptionActionData>(
      { intent, subscription: id, result: submission.reply({ fieldErrors: { lapse: [plan.error] } }), reviewed: true },
      { status: 400 },
    )
  }
  const answer = await callLicensing(
    'subscriptionUpdateQuantity',
    { subscriptionId: id, quantity: plan.quantity, licensesToLapse: plan.licensesToLapse },
    options(args),
  )
  if (!answer.ok) {
    if (answer.error === 'CHARGE_ERROR') return refused(intent, id, answer.error, answer.message)
    const { status } = refusal(answer.error)
    return json<SubscriptionActionData>(
      {
        intent,
        subscription: id,
        result: submission.reply({ formErrors: [messageFor(answer.error, answer.message)] }),
        reviewed: true,
      },
      { status },
    )
  }
  return changed(args, {
    message: subscriptionChanges.quantityChanged(subscriptionTitle(subscription), subscription.quantity, plan.quantity),
    target: anchors.subscription(id),
  })
}

export const assign: ManageAction = async (args) => {
  const intent = 'subscription-assign'
  const { subscription } = await requireSubscription(args, String(args.formData.get('subscription') ?? ''), 'assign')
  const id = subscription.subscriptionId
  const now = Date.now()
  const withLapsing = subscription.licenses.some((l) => l.lapsing)
  const submission = parseWithZod(args.formData, { schema: assignSchema(subscription, now, withLapsing) })
  if (submission.status !== 'success') {
    return json<SubscriptionActionData>({ intent, subscription: id, result: submission.reply() }, { status: 400 })
  }
  const value = submission.value
  if (value.stage === 'preview') {
    const plan = planSubscriptionAssignment({
      licenses: subscription.licenses,
      text: value.emails,
      ...(withLapsing ? { lapsingText: value.lapsingEmails } : {}),
      now,
    })
    return json<SubscriptionActionData>({
      intent,
      subscription: id,
      result: submission.reply(),
      reviewed: true,
      ...('error' in plan ? {} : { summary: plan.summary }),
    })
  }
  const emails = parseAddressList(value.emails).emails
  const lapsingEmails = withLapsing ? parseAddressList(value.lapsingEmails).emails : undefined
  const answer = await callLicensing(
    'subscriptionAssign',
    { subscriptionId: id, emails, ...(lapsingEmails ? { lapsingEmails } : {}), sendEmail: value.sendEmail },
    options(args),
  )
  if (!answer.ok) {
    const { status } = refusal(answer.error)
    return json<SubscriptionActionData>(
      {
        intent,
        subscription: id,
        result: submission.reply({ formErrors: [messageFor(answer.error, answer.message)] }),
      },
      { status },
    )
  }
  // The numbers the preview showed: the plan made from the same licenses just now.
  const done = planSubscriptionAssignment({
    licenses: subscription.licenses,
    text: value.emails,
    ...(withLapsing ? { lapsingText: value.lapsingEmails } : {}),
    now,
  })
  return changed(args, {
    message: subscriptionChanges.assignments(subscriptionTitle(subscription), {
      assigned: 'error' in done ? 0 : done.toAssign.length,
      unassigned: 'error' in done ? 0 : done.toUnassign.length,
      mailed: value.sendEmail,
    }),
    target: anchors.subscription(id),
    cookies: [await setPreferences(args.request, { sendEmailOnAssign: value.sendEmail })],
  })
}
