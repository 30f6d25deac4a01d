// The sandbox provider's HTTP side: Paddle's prices API shape, checkout and pay links, payment updates, receipts and
// the review of flagged orders (platform administrators in production).
import express from 'express'
import { planByProviderId, findPlan } from '../config/catalog/index.js'
import { FORM_BODY_LIMIT } from '../service/dispatch/body-limits.js'
import {
  requirePlatformAdministrator,
  type ServiceHost,
  type ServiceRouterOptions,
} from '../service/dispatch/context.js'
import { ServiceError } from '../service/dispatch/errors.js'
import { requestOrigin } from '../service/dispatch/origin.js'
import { paymentUpdatedPage, receiptPage, updatePaymentPage } from './pages.js'
import { checkoutPage, outcomePage, reopenedPage } from './checkout-pages.js'
import { reviewPage } from './review-page.js'
import { messagePage, pageTheme } from './layout.js'
import { failureReason, outcomeOf } from './checkout.js'
import { planTitle, type SandboxCheckout } from './core.js'
import type { SandboxProvider } from './provider.js'
import { receiptUrlOf } from './receipts.js'
import type { CheckoutTerms } from './terms.js'
import { handle, input, isBodyRefusal, nonceOf, type Input } from './requests.js'

export function sandboxRouter(
  service: ServiceHost,
  sandbox: SandboxProvider,
  options: ServiceRouterOptions = {},
): express.Router {
  const router = express.Router()
  const form = express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT, parameterLimit: 50 })
  /** The portal's address as this request sees it (its own origin outside production with no PUBLIC_URL). */
  const portalUrl = (req: express.Request) => service.forOrigin(requestOrigin(req)).config.publicUrl

  /** The framing page's origin, when it named one the service knows (the portal's); else the page's own. */
  const originOf = (req: express.Request, values: Input) =>
    values.origin && values.origin === new URL(portalUrl(req)).origin ? values.origin : undefined
  /** What every page of the checkout carries: its nonce, the framing page's origin, and the portal's theme. */
  const framing = (req: express.Request, res: express.Response, values: Input) => {
    const theme = pageTheme(values.theme)
    return { nonce: nonceOf(res), origin: originOf(req, values), ...(theme ? { theme } : {}) }
  }

  const send = (res: express.Response, status: number, html: string) => {
    res.status(status).type('html').set('Cache-Control', 'no-store').send(html)
  }

  router.get(
    '/sandbox/api/2.0/prices',
    handle(async (req, res) => {
      const q = input(req.query)
      const productIds = (q.product_ids ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, 50)
      const body = await sandbox.pricesResponse({
        productIds,
        ...(q.customer_country ? { country: q.customer_country.slice(0, 2) } : {}),
        ...(q.coupons
          ? {
              coupons: q.coupons
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            }
          : {}),
      })
      const callback = q.callback
      if (callback !== undefined) {
        // Script-callback (JSONP), as Paddle's prices API answers `?callback=fn`.
        if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(callback) || callback.length > 64) {
          res.status(400).type('text').send('The callback is not a valid function name.')
          return
        }
        res.type('application/javascript').send(`/**/ ${callback}(${JSON.stringify(body)});`)
        return
      }
      res.json(body)
    }),
  )

  // Renders an outcome from the stored checkout (the page may be reloaded or re-posted).
  const outcome = (
    res: express.Response,
    kind: 'complete' | 'flagged',
    terms: CheckoutTerms,
    values: Input,
    checkout: Parameters<typeof outcomePage>[0]['checkout'],
    receiptUrl?: string,
  ) =>
    outcomePage({
      kind,
      checkout,
      terms,
      quote: sandbox.quote(terms),
      ...(receiptUrl ? { receiptUrl } : {}),
      ...framing(res.req, res, values),
    })

  router.get(
    '/sandbox/checkout',
    handle(async (req, res) => {
      const values = input(req.query)
      const resolved = sandbox.resolveTerms(values)
      if (!resolved.ok) return send(res, 400, messagePage('Checkout not available', resolved.message, nonceOf(res)))
      const checkoutId = sandbox.checkoutIdFrom(values, resolved.terms)
      const existing = await sandbox.findCheckout(checkoutId)
      // Paid, in review or rejected, reopened (Back, reload, second tab): its outcome, never a second payment form.
      if (existing && existing.state !== 'failed') return send(res, 200, await reopened(req, res, existing, values))
      send(
        res,
        200,
        checkoutPage({
          terms: resolved.terms,
          quote: sandbox.quote(resolved.terms),
          checkoutId,
          // A declined checkout reopened: it may be paid with another card.
          ...(existing ? { declinedBefore: true } : {}),
          ...framing(req, res, values),
        }),
      )
    }),
  )

  router.post(
    '/sandbox/checkout',
    form,
    handle(async (req, res) => {
      const values = input(req.body)
      const resolved = sandbox.resolveTerms(values)
      if (!resolved.ok) return send(res, 400, messagePage('Checkout not available', resolved.message, nonceOf(res)))
      const terms = resolved.terms
      if (values.intent === 'update') {
        return send(
          res,
          200,
          checkoutPage({
            terms,
            quote: sandbox.quote(terms),
            checkoutId: sandbox.checkoutIdFrom(values, terms),
            card: keptCard(values),
            ...framing(req, res, values),
          }),
        )
      }
      const result = await sandbox.pay(values, terms)
      // A second payment of a checkout paid already (a double click, a form left open in another tab): refused.
      if (result.kind !== 'invalid' && result.repeated)
        return send(res, 409, await reopened(req, res, result.checkout, values))
      if (result.kind === 'invalid') {
        return send(
          res,
          422,
          checkoutPage({
            terms,
            quote: result.quote,
            checkoutId: result.checkoutId,
            errors: result.errors,
            card: keptCard(values),
            ...framing(req, res, values),
          }),
        )
      }
      // A declined card keeps the buyer in the form, as Paddle's checkout does: the reason at the card field,
      // everything else typed kept, and the same checkout paid with another card later.
      if (result.kind === 'failed') {
        return send(
          res,
          402,
          checkoutPage({
            terms,
            quote: result.quote,
            checkoutId: result.checkout.id,
            declined: failureReason(result.checkout),
            card: keptCard(values),
            ...framing(req, res, values),
          }),
        )
      }
      if (terms.returnUrl) {
        res.redirect(303, returnedTo(terms.returnUrl, result.checkout.id, result.kind))
        return
      }
      const receiptUrl = result.kind === 'complete' ? await receiptFor(result.checkout.id) : undefined
      send(res, 200, outcome(res, result.kind, terms, values, result.checkout, receiptUrl))
    }),
  )

  /** The page of a checkout opened or paid again after it was paid: its outcome, the way to the licenses. */
  async function reopened(req: express.Request, res: express.Response, checkout: SandboxCheckout, values: Input) {
    const terms = sandbox.resolveTerms(values)
    const returnUrl = terms.ok ? terms.terms.returnUrl : undefined
    const kind = outcomeOf(checkout.state)
    return reopenedPage({
      kind,
      checkout,
      ...(kind === 'complete' ? { receiptUrl: await receiptFor(checkout.id) } : {}),
      licensesUrl: `${portalUrl(req)}/manage`,
      ...(returnUrl ? { shopUrl: returnedTo(returnUrl, checkout.id, kind) } : {}),
      ...framing(req, res, values),
    })
  }

  async function receiptFor(checkoutId: string): Promise<string | undefined> {
    const payment = await service.db
      .selectFrom('sandbox_payments')
      .select('id')
      .where('checkout_id', '=', checkoutId)
      .orderBy('date')
      .executeTakeFirst()
    return payment ? receiptUrlOf(payment.id) : undefined
  }

  router.get(
    '/sandbox/update-payment/:id',
    handle(async (req, res) => {
      const sub = await sandbox.subscriptionForUpdateUrl(req.params.id)
      if (!sub)
        return send(
          res,
          404,
          messagePage('Subscription not found', 'There is no subscription at this address.', nonceOf(res)),
        )
      const values = input(req.query)
      send(
        res,
        200,
        updatePaymentPage({
          subscription: sub,
          planTitle: titleOf(sub.plan_id),
          ...framing(req, res, values),
        }),
      )
    }),
  )

  router.post(
    '/sandbox/update-payment/:id',
    form,
    handle(async (req, res) => {
      const sub = await sandbox.subscriptionForUpdateUrl(req.params.id)
      if (!sub)
        return send(
          res,
          404,
          messagePage('Subscription not found', 'There is no subscription at this address.', nonceOf(res)),
        )
      const values = input(req.body)
      const result = await sandbox.updatePaymentMethod(sub.id, {
        number: values.cardNumber ?? '',
        expiry: values.cardExpiry ?? '',
        cvc: values.cardCvc ?? '',
      })
      if (!result.ok) {
        return send(
          res,
          422,
          updatePaymentPage({
            subscription: sub,
            planTitle: titleOf(sub.plan_id),
            errors: result.errors,
            card: keptCard(values),
            ...framing(req, res, values),
          }),
        )
      }
      send(
        res,
        200,
        paymentUpdatedPage({
          subscription: result.subscription,
          retried: result.retried,
          accountUrl: `${portalUrl(req)}/manage`,
          ...framing(req, res, values),
        }),
      )
    }),
  )

  router.get(
    '/sandbox/receipts/:id',
    handle(async (req, res) => {
      const receipt = await sandbox.receipt(req.params.id)
      if (!receipt)
        return send(res, 404, messagePage('Receipt not found', 'There is no receipt at this address.', nonceOf(res)))
      send(res, 200, receiptPage(receipt, nonceOf(res)))
    }),
  )

  // The review of flagged orders: platform administrators in production (PAYMENTS_SANDBOX=1), anyone elsewhere.
  const reviewers = handle(async (req, res) => {
    if (!service.config.production) return 'next'
    const credential = await options.sessionCredential?.(req)
    const admin = credential
      ? await requirePlatformAdministrator(service.context(credential)).then(
          () => true,
          (err: unknown) => {
            if (err instanceof ServiceError) return false
            throw err
          },
        )
      : false
    if (admin) return 'next'
    send(
      res,
      403,
      messagePage(
        'Platform administrators only',
        'The review of flagged orders is for platform administrators. Sign in to the portal as one, then open this page again.',
        nonceOf(res),
      ),
    )
  })
  router.use('/sandbox/review', reviewers)

  router.get(
    '/sandbox/review',
    handle(async (req, res) => {
      const q = input(req.query)
      const decision = q.decision === 'approved' || q.decision === 'rejected' ? q.decision : undefined
      const done: Parameters<typeof reviewPage>[0]['done'] =
        q.checkout && decision ? { decision, checkoutId: q.checkout } : q.missing ? { missing: q.missing } : undefined
      send(
        res,
        200,
        reviewPage({
          queue: await sandbox.reviewQueue(),
          ...(done ? { done } : {}),
          ...(sandbox.reviewDelayMs !== undefined ? { reviewDelayMs: sandbox.reviewDelayMs } : {}),
          nonce: nonceOf(res),
        }),
      )
    }),
  )

  router.post(
    '/sandbox/review',
    form,
    handle(async (req, res) => {
      const values = input(req.body)
      const checkoutId = values.checkout ?? ''
      const decision = values.decision === 'reject' ? 'reject' : values.decision === 'approve' ? 'approve' : undefined
      if (!decision) {
        res.status(400).type('text').send('The decision must be approve or reject.')
        return
      }
      const done = await sandbox.review(checkoutId, decision)
      const params = new URLSearchParams(
        done
          ? { checkout: checkoutId, decision: decision === 'approve' ? 'approved' : 'rejected' }
          : { missing: checkoutId },
      )
      res.redirect(303, `/sandbox/review?${params}`)
    }),
  )

  // A refusal of the provider API (or anything unexpected) on these pages: a page, not a stack.
  router.use('/sandbox', (err: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    // A body the form parser refused (too large, unreadable) is answered by the server's own refusal.
    if (res.headersSent || isBodyRefusal(err)) return next(err)
    if (err instanceof ServiceError)
      return send(res, 400, messagePage('Something went wrong', err.message, nonceOf(res)))
    service.logError(err, 'payments: the sandbox page failed')
    send(res, 500, messagePage('Something went wrong', 'The sandbox could not complete this request.', nonceOf(res)))
  })
  return router
}

function titleOf(planId: string): string {
  const plan = planByProviderId(planId, 'sandbox') ?? findPlan(planId)
  return plan ? planTitle(plan) : planId
}

function keptCard(values: Input) {
  return { expiry: values.cardExpiry, cvc: values.cardCvc }
}

/** Where a hosted checkout returns to the shop: its return URL with the checkout id and the outcome. */
function returnedTo(returnUrl: string, checkoutId: string, kind: 'complete' | 'flagged' | 'failed'): string {
  const back = new URL(returnUrl)
  back.searchParams.set('checkout', checkoutId)
  back.searchParams.set('state', kind)
  return back.toString()
}
