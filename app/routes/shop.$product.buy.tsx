import { type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '#app/utils/conform-zod'
import { Box, Container, Flex, Heading, Link } from '#app/components/themes'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link as RemixLink, useLoaderData } from '@remix-run/react'
import { couponCode } from '#protocol/catalog/coupons'
import type { Country } from '#protocol/entities'
import type { Result } from '#protocol/operations'
import { oneLine } from '#protocol/shared/text'
import { CrossPromotion, FaqAccordions } from '#app/content/faq'
import { CheckoutOutcome } from '#app/components/shop/checkout-outcome'
import { ShopErrorBoundary } from '#app/components/shop/shop-error'
import { alreadySubscribed } from '#app/rules/messages/shop'
import { unexpectedError } from '#protocol/shared/errors'
import { checkHoneypot, honeypotFields } from '#app/utils/honeypot.server'
import { callLicensing } from '#app/utils/licensing.server'
import { getPreferences } from '#app/utils/preferences.server'
import { withProviderTheme } from '#app/utils/provider-theme'
import { getUser } from '#app/utils/session.server'
import { readFormData } from '#app/utils/form.server'
import { loadCatalog, requireProduct, type CatalogProduct } from './__shop/catalog.server'
import { purchaseCompany, requestedCompanyId } from './__shop/company.server'
import { getPendingCheckout, pendingCheckoutCookie, type PendingCheckout } from './__shop/checkout-cookie.server'
import { lookupPlans } from './__shop/prices.server'
import {
  checkoutOutcome,
  optionsSearch,
  planFor,
  priceBreakdown,
  purchaseOptions,
  type CheckoutState,
  type PurchaseOptions,
} from './__shop/pricing'
import { UPDATE_PRICE_INTENT, type ActionData, type Priced, type ProductRef } from './__shop/purchase-data'
import { PurchaseForm } from './__shop/purchase-form'
import { purchaseSchema } from './__shop/purchase-schema'
import { getReferrer, referrerCookieHeader } from './__shop/referrer.server'
import { prefill, signedInBuyer, subscribedTo } from './__shop/buyer.server'
import { EMAIL_MAX_LENGTH } from '#protocol/shared/email'
import { shopPath } from '#protocol/catalog/paths'

const refOf = (product: CatalogProduct): ProductRef => ({ slug: product.slug, name: product.name })

async function price(
  context: LoaderFunctionArgs['context'],
  product: CatalogProduct,
  options: PurchaseOptions,
  countries: readonly Country[],
): Promise<Priced & { planId: string }> {
  const lookup = await lookupPlans(context, { product, country: options.country, coupon: options.coupon })
  const plan = planFor(lookup, options.type, options.billingPeriod)
  const country = countries.find((c) => c.code === options.country)
  return {
    options,
    breakdown: priceBreakdown(plan, options.quantity, country),
    fallback: lookup.fallback,
    planId: plan.id,
  }
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const catalog = await loadCatalog(context)
  const product = requireProduct(catalog, params.product)
  const productRef: ProductRef = refOf(product)
  const products = catalog.products.map(({ slug, name }) => ({ slug, name }))
  const url = new URL(request.url)
  const headers = new Headers()
  const referrerHeader = await referrerCookieHeader(request)
  if (referrerHeader) headers.append('Set-Cookie', referrerHeader)

  const pending = await getPendingCheckout(request)
  const ours = pending?.product === product.slug ? pending : null
  const outcomeOf = async (
    outcome: { state: CheckoutState; immediatelyAvailable: boolean },
    already: boolean,
    reason?: string,
  ) =>
    json(
      {
        kind: 'outcome' as const,
        product: productRef,
        products,
        ...outcome,
        already,
        reason,
        email: ours?.email,
        organization: ours?.type === 'organization',
        signedIn: await signedInAsBuyer(request, ours),
        // "Try again" opens the form as it was when Continue was pressed.
        retryTo: shopPath(product.slug, 'buy', ours?.form ? 'retry=1' : ''),
      },
      { headers },
    )

  // Back from the provider's hosted checkout (script off), or the frame reported the end of the payment (script on).
  const checkoutId = url.searchParams.get('checkout')?.trim().slice(0, 200)
  const reported = url.searchParams.get('state')
  if (checkoutId || reported === 'failed') {
    let answer: Result<'createSubscriptionOnCheckout'> | null = null
    if (checkoutId) {
      const referrer = await getReferrer(request)
      const passthrough = pending?.passthrough ?? JSON.stringify({ name: '', ...(referrer ? { referrer } : {}) })
      const outcome = await callLicensing('createSubscriptionOnCheckout', { checkoutId, passthrough }, { context })
      answer = outcome.ok ? outcome.result : null
    }
    const outcome = checkoutId
      ? checkoutOutcome(reported, answer)
      : { state: 'failed' as const, immediatelyAvailable: false }
    // The frame reports a flagged payment as completed: the address says what the page says (nothing is kept yet).
    if (checkoutId && reported !== null && reported !== outcome.state) {
      const corrected = new URL(url)
      corrected.searchParams.set('state', outcome.state)
      return redirect(`${corrected.pathname}${corrected.search}`, { headers })
    }
    // Shown once as the thank-you page; reloaded, or reached again, it is the order already complete.
    const already = Boolean(checkoutId) && ours?.done?.checkoutId === checkoutId
    if (checkoutId && !already && outcome.state !== 'failed') {
      const kept = ours ?? { product: product.slug, email: '', type: 'personal' as const, passthrough: '' }
      headers.append('Set-Cookie', await pendingCheckoutCookie({ ...kept, done: { checkoutId, state: outcome.state } }))
    }
    const reason = outcome.state === 'failed' && answer?.reason ? oneLine(answer.reason, 300) : undefined
    return outcomeOf(outcome, already, reason)
  }

  // This browser finished a checkout of this product (Back, a second tab): its outcome, not a new payment form.
  if (ours?.done) {
    const answer = await callLicensing(
      'createSubscriptionOnCheckout',
      { checkoutId: ours.done.checkoutId, passthrough: ours.passthrough },
      { context },
    )
    const outcome = answer.ok
      ? checkoutOutcome(ours.done.state, answer.result)
      : { state: ours.done.state, immediatelyAvailable: false }
    // Refused in review after all: nothing was paid, and a new checkout is open to the buyer.
    if (outcome.state === 'failed') headers.append('Set-Cookie', await pendingCheckoutCookie(withoutDone(ours)))
    return outcomeOf(outcome, outcome.state !== 'failed')
  }

  // "Try again" after a failed payment: the form as this browser last sent it to the provider.
  const query = url.searchParams.get('retry') ? await retryParams(request, product.slug) : url.searchParams
  const options = purchaseOptions(query, catalog.countries)
  const priced = await price(context, product, options, catalog.countries)
  const text = (name: string, max: number) => (query.get(name) ?? '').trim().slice(0, max)
  const forCompany = await purchaseCompany(request, context, requestedCompanyId(query.get('company')), {
    name: '',
  })
  // A signed-in buyer does not type their name and address again (both stay editable).
  const typed = prefill(
    { name: text('name', 200), email: text('email', EMAIL_MAX_LENGTH) },
    await signedInBuyer(request, context),
    options.type === 'personal',
  )
  return json(
    {
      kind: 'purchase' as const,
      product: productRef,
      products,
      options: priced.options,
      breakdown: priced.breakdown,
      fallback: priced.fallback,
      countries: catalog.countries,
      checkout: catalog.checkout,
      values: {
        name: typed.name || (forCompany.kind === 'company' ? forCompany.company.name : ''),
        email: typed.email,
        zip: text('zip', 20),
      },
      company: forCompany.kind === 'company' ? forCompany.company : null,
      companyNotice: forCompany.kind === 'refused' ? forCompany.message : null,
      honeypot: honeypotFields(),
    },
    { headers },
  )
}

/** Signed in with the address bought with, or bought for a company of theirs: Manage Licenses needs no sign-in. */
async function signedInAsBuyer(request: Request, ours: PendingCheckout | null): Promise<boolean> {
  const user = await getUser(request)
  if (!user) return false
  return !ours?.email || Boolean(ours.form?.company) || user.email === ours.email.trim().toLowerCase()
}

/** The page for the options posted, with the details typed so far (and nothing else: no bot-trap field). */
function updatedPriceUrl(slug: string, formData: FormData, catalog: { countries: readonly Country[] }): string {
  const field = (name: string) => formData.get(name)
  const fields = ['billing', 'type', 'quantity', 'country', 'coupon'].flatMap((name) => {
    const value = field(name)
    return typeof value === 'string' ? [[name, value]] : []
  })
  const params = optionsSearch(purchaseOptions(new URLSearchParams(fields), catalog.countries))
  const limits = { name: 200, email: EMAIL_MAX_LENGTH, zip: 20, company: 200 } as const
  for (const [name, max] of Object.entries(limits)) {
    const value = field(name)
    const typed = typeof value === 'string' ? value.trim().slice(0, max) : ''
    if (typed) params.set(name, typed)
  }
  return shopPath(slug, 'buy', params)
}

function withoutDone({ done: _done, ...rest }: PendingCheckout): PendingCheckout {
  return rest
}

/** The purchase form's options and details as this browser last continued with them (for "Try again"). */
async function retryParams(request: Request, product: string): Promise<URLSearchParams> {
  const pending = await getPendingCheckout(request)
  if (!pending?.form || pending.product !== product) return new URLSearchParams()
  const { form } = pending
  const params = optionsSearch({
    billingPeriod: form.billingPeriod,
    type: pending.type,
    quantity: form.quantity,
    country: form.country,
    ...(form.coupon ? { coupon: form.coupon } : {}),
  })
  params.set('name', form.name)
  params.set('email', pending.email)
  params.set('zip', form.zip)
  if (form.company) params.set('company', form.company)
  return params
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  const catalog = await loadCatalog(context)
  const product = requireProduct(catalog, params.product)
  const pending = await getPendingCheckout(request)
  const ours = pending?.product === product.slug ? pending : null
  if (formData.get('intent') === 'new-purchase') {
    // The buyer starts another purchase on purpose: the form again, as it was at Continue.
    if (!ours) return redirect(shopPath(product.slug))
    const headers = { 'Set-Cookie': await pendingCheckoutCookie(withoutDone(ours)) }
    return redirect(shopPath(product.slug, 'buy', ours.form ? 'retry=1' : ''), { headers })
  }
  if (formData.get('intent') === UPDATE_PRICE_INTENT)
    return redirect(updatedPriceUrl(product.slug, formData, catalog), 303)
  checkHoneypot(formData, context, 'purchase')
  // Continue from a form left open after this browser finished a checkout: refused, never a second payment.
  if (ours?.done) return redirect(shopPath(product.slug), 303)
  const submission = parseWithZod(formData, { schema: purchaseSchema(catalog.countries) })
  const coupon = couponCode(String(formData.get('coupon') ?? '')) || undefined
  if (submission.status !== 'success') {
    // Without script the page shows the breakdown of what was posted, not of the URL it was posted from.
    const fields = [...formData].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : []))
    const posted = purchaseOptions(new URLSearchParams(fields), catalog.countries)
    const priced = await price(context, product, { ...posted, coupon }, catalog.countries)
    return json<ActionData>({ kind: 'invalid', result: submission.reply(), priced }, { status: 400 })
  }
  const value = submission.value
  const options: PurchaseOptions = {
    billingPeriod: value.billing === 'monthly' ? 'month' : 'year',
    type: value.type === 'company' ? 'organization' : 'personal',
    quantity: value.type === 'company' ? value.quantity : 1,
    country: value.country,
    ...(coupon ? { coupon } : {}),
  }
  const invalid = async (result: SubmissionResult<string[]>, status: number) =>
    json<ActionData>(
      { kind: 'invalid', result, priced: await price(context, product, options, catalog.countries) },
      { status },
    )

  // §5: an individual who already has an active subscription to this product is told so (the check runs on Continue).
  if (options.type === 'personal') {
    const organization = optionsSearch({ ...options, type: 'organization' })
    organization.set('email', value.email)
    if (value.zip) organization.set('zip', value.zip)
    const organizationUrl = shopPath(product.slug, 'buy', organization)
    const subscribed = await subscribedTo(context, request, refOf(product), value.email, organizationUrl)
    if (subscribed === 'unknown') return invalid(submission.reply({ formErrors: [unexpectedError] }), 502)
    if (subscribed) {
      const result = submission.reply({ fieldErrors: { email: [alreadySubscribed] } })
      const priced = await price(context, product, options, catalog.countries)
      return json<ActionData>({ kind: 'invalid', result, priced, subscribed }, { status: 400 })
    }
  }

  const priced = await price(context, product, options, catalog.countries)
  // The catalog's built-in prices stand in for the lookup on the page; a checkout needs the lookup's answer.
  if (priced.fallback) return invalid(submission.reply({ formErrors: [unexpectedError] }), 502)

  const referrer = await getReferrer(request)
  const passthrough = { name: value.name ?? '', ...(referrer ? { referrer } : {}) }
  // The name as typed (the schema stands the email in for an empty one, which the form shows again as empty).
  const formName = String(formData.get('name') ?? '')
    .trim()
    .slice(0, 200)

  // A company purchase: the service signs the passthrough only when the user may purchase for that company.
  const companyId = options.type === 'organization' ? requestedCompanyId(formData.get('company')) : undefined
  const forCompany = await purchaseCompany(request, context, companyId, passthrough)
  if (forCompany.kind === 'refused') return invalid(submission.reply({ formErrors: [forCompany.message] }), 403)
  const framePassthrough = forCompany.kind === 'company' ? forCompany.passthrough : JSON.stringify(passthrough)

  const headers = new Headers({
    'Set-Cookie': await pendingCheckoutCookie({
      product: product.slug,
      email: value.email,
      type: options.type,
      passthrough: framePassthrough,
      form: {
        name: formName,
        zip: value.zip ?? '',
        billingPeriod: options.billingPeriod,
        quantity: options.quantity,
        country: options.country,
        ...(coupon ? { coupon } : {}),
        ...(forCompany.kind === 'company' ? { company: forCompany.company.id } : {}),
      },
    }),
  })

  // With script the page opens the provider's frame itself; without, the provider's hosted checkout takes over.
  if (formData.get('mode') === 'frame') {
    return json<ActionData>(
      {
        kind: 'frame',
        result: submission.reply(),
        frame: {
          planId: priced.planId,
          email: value.email,
          country: options.country,
          ...(value.zip ? { postcode: value.zip } : {}),
          quantity: options.quantity,
          passthrough: framePassthrough,
          name: value.name ?? '',
          ...(coupon ? { coupon } : {}),
        },
      },
      { headers },
    )
  }
  const returnUrl = new URL(shopPath(product.slug), request.url).href
  const hosted = await callLicensing(
    'hostedCheckout',
    {
      product: product.slug,
      planId: priced.planId,
      email: value.email,
      country: options.country,
      ...(value.zip ? { postcode: value.zip } : {}),
      quantity: options.quantity,
      passthrough,
      ...(coupon ? { coupon } : {}),
      returnUrl,
      ...(forCompany.kind === 'company' ? { companyId: forCompany.company.id } : {}),
    },
    { context, ...(forCompany.kind === 'company' ? { credential: forCompany.credential } : {}) },
  )
  if (!hosted.ok) return invalid(submission.reply({ formErrors: [unexpectedError] }), 502)
  const { theme } = await getPreferences(request)
  return redirect(withProviderTheme(hosted.result.url, catalog.checkout.provider, theme), { headers })
}

export default function Buy() {
  const data = useLoaderData<typeof loader>()
  return (
    <Container size="2" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Buy {data.product.name}
      </Heading>
      <Flex gap="4" wrap="wrap" mb="5">
        <Link asChild underline="always">
          <RemixLink to={shopPath(data.product.slug, 'redeem')}>Redeem a coupon</RemixLink>
        </Link>
        <Link asChild underline="always">
          <RemixLink to={shopPath(data.product.slug, 'faq')}>{data.product.name} FAQ</RemixLink>
        </Link>
        <Link asChild underline="always">
          <RemixLink to="/shop/">All products</RemixLink>
        </Link>
      </Flex>
      {data.kind === 'outcome' ? <CheckoutOutcome {...data} /> : <PurchaseForm {...data} />}
      <Box mt="8">
        <FaqAccordions product={data.product} headingId="faq-heading" />
      </Box>
      <Box mt="8">
        <CrossPromotion products={data.products} current={data.product.slug} />
      </Box>
    </Container>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Buy ${data.product.name} | License Portal` : 'Buy | License Portal' },
]

export const ErrorBoundary = ShopErrorBoundary
