import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Box, Button, Callout, Container, Flex, Heading, Link, Radio, Strong, Text, TextField } from '@radix-ui/themes'
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import {
  Link as RemixLink,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSubmit,
} from '@remix-run/react'
import { useEffect, useMemo, useRef, useState, type FocusEvent } from 'react'
import { HoneypotInputs } from 'remix-utils/honeypot/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Country } from '#protocol/entities'
import type { Result } from '#protocol/operations'
import { CrossPromotion, FaqAccordions } from '#app/content/faq'
import { FieldError } from '#app/components/field-error'
import { CheckoutFrame, type FrameParams } from '#app/components/shop/checkout-frame'
import { CheckoutOutcome } from '#app/components/shop/checkout-outcome'
import { ErrorSummary } from '#app/components/shop/error-summary'
import { PriceBreakdownView } from '#app/components/shop/price-breakdown'
import { ShopErrorBoundary } from '#app/components/shop/shop-error'
import shopStyles from '#app/components/shop/shop.css'
import { alreadySubscribed, unexpectedError } from '#app/rules/messages'
import { formatPrice } from '#app/rules/prices'
import { MAX_QUANTITY, MIN_QUANTITY, clampQuantity } from '#app/rules/subscription'
import { checkHoneypot } from '#app/utils/honeypot.server'
import { callLicensing } from '#app/utils/licensing.server'
import { loadCatalog, requireProduct } from './__shop/catalog.server'
import { purchaseCompany, requestedCompanyId } from './__shop/company.server'
import { getPendingCheckout, pendingCheckoutCookie } from './__shop/checkout-cookie.server'
import type { FrameEvent } from './__shop/frame-events'
import { lookupPlans } from './__shop/prices.server'
import {
  BILLING_VALUES,
  TYPE_VALUES,
  checkoutOutcome,
  optionsSearch,
  planFor,
  priceBreakdown,
  purchaseOptions,
  type PriceBreakdown,
  type PurchaseOptions,
} from './__shop/pricing'
import { nameOrEmail, purchaseSchema } from './__shop/purchase-schema'
import { getReferrer, referrerCookieHeader } from './__shop/referrer.server'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: shopStyles }]

type ProductRef = { slug: string; name: string }
type CheckoutClient = Result<'catalog'>['checkout']

type Priced = { options: PurchaseOptions; breakdown: PriceBreakdown; fallback: boolean }

async function price(
  context: LoaderFunctionArgs['context'],
  product: string,
  options: PurchaseOptions,
  countries: readonly Country[],
): Promise<Priced & { planId: string }> {
  const lookup = await lookupPlans(context, { product, country: options.country, coupon: options.coupon })
  const plan = planFor(lookup.plans, options.type, options.billingPeriod)
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
  const productRef: ProductRef = { slug: product.slug, name: product.name }
  const products = catalog.products.map(({ slug, name }) => ({ slug, name }))
  const url = new URL(request.url)
  const headers = new Headers()
  const referrerHeader = await referrerCookieHeader(request)
  if (referrerHeader) headers.append('Set-Cookie', referrerHeader)

  // Back from the provider's hosted checkout (script off), or the frame reported the end of the payment (script on).
  const checkoutId = url.searchParams.get('checkout')?.trim().slice(0, 200)
  const reported = url.searchParams.get('state')
  if (checkoutId || reported === 'failed') {
    const pending = await getPendingCheckout(request)
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
    return json(
      {
        kind: 'outcome' as const,
        product: productRef,
        products,
        ...outcome,
        email: pending?.product === product.slug ? pending.email : undefined,
        organization: pending?.type === 'organization',
      },
      { headers },
    )
  }

  const options = purchaseOptions(url.searchParams, catalog.countries)
  const priced = await price(context, product.slug, options, catalog.countries)
  const text = (name: string, max: number) => (url.searchParams.get(name) ?? '').trim().slice(0, max)
  // New Subscription from a company's section: the company, if the signed-in user may buy for it.
  const forCompany = await purchaseCompany(request, context, requestedCompanyId(url.searchParams.get('company')), {
    name: '',
  })
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
        name: text('name', 200) || (forCompany.kind === 'company' ? forCompany.company.name : ''),
        email: text('email', 254),
        zip: text('zip', 20),
      },
      company: forCompany.kind === 'company' ? forCompany.company : null,
      companyNotice: forCompany.kind === 'refused' ? forCompany.message : null,
    },
    { headers },
  )
}

type ActionData =
  | { kind: 'invalid'; result: SubmissionResult<string[]>; priced?: Priced }
  | { kind: 'frame'; result: SubmissionResult<string[]>; frame: FrameParams }

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  checkHoneypot(formData)
  const catalog = await loadCatalog(context)
  const product = requireProduct(catalog, params.product)
  const submission = parseWithZod(formData, { schema: purchaseSchema(catalog.countries) })
  const coupon =
    String(formData.get('coupon') ?? '')
      .trim()
      .slice(0, 100) || undefined
  if (submission.status !== 'success') {
    // Without script the page shows the breakdown of what was posted, not of the URL it was posted from.
    const fields = [...formData].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : []))
    const posted = purchaseOptions(new URLSearchParams(fields), catalog.countries)
    const priced = await price(context, product.slug, { ...posted, coupon }, catalog.countries)
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
      { kind: 'invalid', result, priced: await price(context, product.slug, options, catalog.countries) },
      { status },
    )

  // §5: an individual who already has an active subscription is told so (the check runs on Continue).
  if (options.type === 'personal') {
    const check = await callLicensing('activeSubscriptionCheck', { email: value.email }, { context })
    if (!check.ok) return invalid(submission.reply({ formErrors: [unexpectedError] }), 502)
    if (check.result.exists) return invalid(submission.reply({ fieldErrors: { email: [alreadySubscribed] } }), 400)
  }

  const priced = await price(context, product.slug, options, catalog.countries)
  if (!priced.planId) return invalid(submission.reply({ formErrors: [unexpectedError] }), 502)

  const referrer = await getReferrer(request)
  const passthrough = { name: value.name ?? '', ...(referrer ? { referrer } : {}) }

  // An organization purchase for one of the signed-in user's companies: the posted company is asked of the service
  // with the user's session, which signs the passthrough only when the user may purchase for it.
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
  const returnUrl = new URL(`/shop/${product.slug}/buy/`, request.url).href
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
  return redirect(hosted.result.url, { headers })
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
          <RemixLink to={`/shop/${data.product.slug}/redeem/`}>Redeem a coupon</RemixLink>
        </Link>
        <Link asChild underline="always">
          <RemixLink to={`/shop/${data.product.slug}/faq/`}>{data.product.name} FAQ</RemixLink>
        </Link>
        <Link asChild underline="always">
          <RemixLink to="/shop/">All products</RemixLink>
        </Link>
      </Flex>
      {data.kind === 'outcome' ? (
        <CheckoutOutcome
          state={data.state}
          immediatelyAvailable={data.immediatelyAvailable}
          email={data.email}
          organization={data.organization}
          product={data.product}
        />
      ) : (
        <PurchaseForm
          product={data.product}
          options={data.options}
          breakdown={data.breakdown}
          fallback={data.fallback}
          countries={data.countries}
          checkout={data.checkout}
          values={data.values}
          company={data.company}
          companyNotice={data.companyNotice}
        />
      )}
      <Box mt="8">
        <FaqAccordions product={data.product} headingId="faq-heading" />
      </Box>
      <Box mt="8">
        <CrossPromotion products={data.products} current={data.product.slug} />
      </Box>
    </Container>
  )
}

type PurchaseFormProps = {
  product: ProductRef
  options: PurchaseOptions
  breakdown: PriceBreakdown
  fallback: boolean
  countries: Country[]
  checkout: CheckoutClient
  values: { name: string; email: string; zip: string }
  /** New Subscription: the company organization licenses bought here are added to. */
  company: { id: string; name: string } | null
  /** Why a company asked for in the URL is not the one bought for. */
  companyNotice: string | null
}

function optionsFromForm(form: HTMLFormElement, coupon: string | undefined): PurchaseOptions {
  const formData = new FormData(form)
  const company = formData.get('type') === 'company'
  return {
    billingPeriod: formData.get('billing') === 'monthly' ? 'month' : 'year',
    type: company ? 'organization' : 'personal',
    quantity: company ? clampQuantity(String(formData.get('quantity') ?? '1')) : 1,
    country: String(formData.get('country') ?? 'US'),
    ...(coupon ? { coupon } : {}),
  }
}

/**
 * The purchase form (spec §2 "Purchase page"). One form: without script it is a GET form (Update price re-renders the
 * breakdown on the server) whose Continue posts to the action, which sends the browser to the provider's hosted
 * checkout. With script the options update the breakdown in place, Continue validates on the server and opens the
 * provider's frame, and the frame reopens when billing, type, quantity, country, name, email or zip change.
 */
function PurchaseForm({
  product,
  options,
  breakdown,
  fallback,
  countries,
  checkout,
  values,
  company,
  companyNotice,
}: PurchaseFormProps) {
  const hydrated = useHydrated()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  const fetcher = useFetcher<typeof action>({ key: 'purchase' })
  const fetched = fetcher.data as ActionData | undefined
  const navigation = useNavigation()
  const navigate = useNavigate()
  const submit = useSubmit()
  const formRef = useRef<HTMLFormElement>(null)
  const schema = useMemo(() => purchaseSchema(countries), [countries])
  const buyPath = `/shop/${product.slug}/buy/`

  // Without script, a refused Continue shows the breakdown of the posted options.
  const shown =
    actionData?.kind === 'invalid' && actionData.priced ? actionData.priced : { options, breakdown, fallback }

  const [form, fields] = useForm({
    id: 'purchase',
    lastResult:
      fetcher.state === 'idle' && fetched
        ? fetched.result
        : navigation.state === 'idle'
          ? actionData?.result
          : undefined,
    constraint: getZodConstraint(schema),
    defaultValue: {
      billing: BILLING_VALUES[shown.options.billingPeriod],
      type: TYPE_VALUES[shown.options.type],
      quantity: String(shown.options.quantity),
      country: shown.options.country,
      name: values.name,
      email: values.email,
      zip: values.zip,
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })

  // The frame: open with the parameters the server validated; `started` once Continue succeeded, so that later changes
  // reopen it (spec §4).
  const [frame, setFrame] = useState<FrameParams | null>(null)
  const lastFrame = useRef<FrameParams | null>(null)
  const focusFrame = useRef(false)
  // Each refused Continue (checked here or by the server) shows the error summary and gives it the focus; the checks
  // of a field that is left (the frame's reopening) show their message at the field only.
  const [attempt, setAttempt] = useState(0)
  const continued = useRef(false)
  const continueButton = useRef<HTMLButtonElement>(null)
  const checkoutId = useRef<string | undefined>(undefined)
  const [framePrices, setFramePrices] = useState<{ currency: string; total: number; totalTax: number } | null>(null)

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetched) return
    if (continued.current && fetched.kind === 'invalid') setAttempt((n) => n + 1)
    continued.current = false
    if (fetched.kind === 'frame') {
      lastFrame.current = fetched.frame
      setFrame(fetched.frame)
    } else {
      setFrame(null)
    }
  }, [fetcher.state, fetched])

  // After Continue (not after a reopen while typing), the frame's section takes the focus and comes into view.
  useEffect(() => {
    if (!frame || !focusFrame.current) return
    focusFrame.current = false
    const heading = document.getElementById('payment-heading')
    heading?.focus({ preventScroll: true })
    heading?.scrollIntoView({ block: 'start' })
  }, [frame])

  const revalidate = () => {
    if (!lastFrame.current || !formRef.current) return
    continued.current = false
    setFrame(null)
    setFramePrices(null)
    fetcher.submit(formRef.current, { method: 'post', action: buyPath })
  }

  const onOptionChange = () => {
    if (!formRef.current) return
    const next = optionsFromForm(formRef.current, options.coupon)
    const search = optionsSearch(next)
    // The company a New Subscription is for stays with the page (the server checks it again on every load).
    if (company) search.set('company', company.id)
    submit(search, { method: 'get', action: buyPath, replace: true, preventScrollReset: true })
    revalidate()
  }

  // On a slow connection the options may be changed before the script has loaded: once it runs, the price follows
  // what the form shows (as "Update price" would have without script).
  useEffect(() => {
    if (!formRef.current) return
    const chosen = optionsSearch(optionsFromForm(formRef.current, options.coupon)).toString()
    if (chosen !== optionsSearch(shown.options).toString()) onOptionChange()
    // Only the first render after hydration: later changes go through the controls' own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  /**
   * §2 "Name defaults to the email on blur if empty": when the user leaves the Name field empty (or presses Continue
   * with it empty), it takes the email, if that is a valid one. Never on the way into the field, and the value is set
   * where it is: the field is not re-rendered, the focus stays where the user put it, and nothing is submitted.
   */
  const defaultNameToEmail = () => {
    const elements = formRef.current?.elements
    const name = elements?.namedItem(fields.name.name)
    const email = elements?.namedItem(fields.email.name)
    if (!(name instanceof HTMLInputElement) || !(email instanceof HTMLInputElement) || name.value.trim()) return
    const standIn = nameOrEmail({ email: email.value.trim() })
    if (!standIn) return
    name.value = standIn
    // Tells the form library the value changed, as typing would.
    name.dispatchEvent(new Event('input', { bubbles: true }))
  }

  const summaryItems = [fields.name, fields.email, fields.country, fields.zip].flatMap((field) =>
    field.errors?.length ? [{ fieldId: field.id, message: field.errors[0] }] : [],
  )

  const onDetailBlur = (field: 'name' | 'email' | 'postcode') => (event: FocusEvent<HTMLInputElement>) => {
    if (field === 'name') defaultNameToEmail()
    const value = event.currentTarget.value.trim()
    const previous = lastFrame.current
    if (!previous) return
    const before = field === 'postcode' ? (previous.postcode ?? '') : previous[field]
    if (!frame || value !== before) revalidate()
  }

  const onFrameEvent = (event: FrameEvent) => {
    switch (event.type) {
      case 'prices':
        setFramePrices({ currency: event.currency, total: event.total, totalTax: event.totalTax })
        return
      case 'checkoutId':
        checkoutId.current = event.checkoutId
        return
      case 'completed':
      case 'failed': {
        const id = event.checkoutId ?? checkoutId.current
        const params = new URLSearchParams()
        if (id) params.set('checkout', id)
        params.set('state', event.type === 'completed' ? 'complete' : 'failed')
        navigate(`${buyPath}?${params}`)
        return
      }
      default:
        return
    }
  }

  const continuing = fetcher.state !== 'idle'
  const updating = navigation.state === 'loading' && navigation.location.pathname.startsWith(buyPath)
  const selectedCountry = shown.options.country

  return (
    <>
      <fetcher.Form
        method="get"
        action={buyPath}
        ref={formRef}
        {...getFormProps(form)}
        className="purchase-form"
        aria-label={`Buy ${product.name}`}
        onSubmit={(event) => {
          // The form library checks a field that is left by submitting the form with its own button: only the
          // Continue button (or Enter, which presses it) is the user's Continue.
          const continuePressed = (event.nativeEvent as SubmitEvent).submitter === continueButton.current
          if (continuePressed) {
            focusFrame.current = true
            defaultNameToEmail()
            continued.current = true
          }
          getFormProps(form).onSubmit(event)
          if (continuePressed) setAttempt((n) => n + 1)
        }}
      >
        <ErrorSummary
          id="purchase-errors"
          items={attempt > 0 || actionData?.kind === 'invalid' ? summaryItems : []}
          attempt={attempt}
        />
        {shown.options.coupon ? <input type="hidden" name="coupon" value={shown.options.coupon} /> : null}
        {company ? <input type="hidden" name="company" value={company.id} /> : null}
        {company ? (
          <Callout.Root mb="5" role="note">
            <Callout.Text>
              New Subscription for <Strong>{company.name}</Strong>: organization licenses bought here are added to{' '}
              {company.name}.
            </Callout.Text>
          </Callout.Root>
        ) : null}
        {companyNotice ? (
          <Callout.Root mb="5" color="amber" role="note">
            <Callout.Text>{companyNotice}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Box asChild mb="5">
          <section aria-labelledby="plan-heading">
            <Heading as="h2" size="5" mb="3" id="plan-heading">
              Choose your plan
            </Heading>
            <Flex direction="column" gap="4">
              <ChoiceGroup
                legend="Billing"
                name="billing"
                choices={[
                  { value: 'monthly', label: 'Monthly', checked: shown.options.billingPeriod === 'month' },
                  { value: 'annually', label: 'Annually', checked: shown.options.billingPeriod === 'year' },
                ]}
                onChange={onOptionChange}
              />
              <ChoiceGroup
                legend="License type"
                name="type"
                choices={[
                  { value: 'individual', label: 'Individual', checked: shown.options.type === 'personal' },
                  { value: 'company', label: 'Organization', checked: shown.options.type === 'organization' },
                ]}
                onChange={onOptionChange}
              />
              <Flex direction="column" gap="1" className="purchase-form__users">
                <label htmlFor="purchase-quantity">
                  <Text size="2" weight="medium">
                    Users
                  </Text>
                </label>
                <select
                  id="purchase-quantity"
                  name="quantity"
                  className="shop-select"
                  defaultValue={String(shown.options.quantity)}
                  aria-describedby="purchase-quantity-hint"
                  onChange={onOptionChange}
                >
                  {Array.from({ length: MAX_QUANTITY - MIN_QUANTITY + 1 }, (_, i) => MIN_QUANTITY + i).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
                <Text as="p" size="1" color="gray" id="purchase-quantity-hint">
                  Organization licenses only: one license per user.
                </Text>
              </Flex>
            </Flex>
          </section>
        </Box>

        <PriceBreakdownView breakdown={shown.breakdown} fallback={shown.fallback} updating={updating} />

        <Box asChild mb="5">
          <section aria-labelledby="details-heading">
            <Heading as="h2" size="5" mb="3" id="details-heading">
              Your details
            </Heading>
            <HoneypotInputs />
            {hydrated ? <input type="hidden" name="mode" value="frame" /> : null}
            <Flex direction="column" gap="3">
              <Flex direction="column" gap="1">
                <label htmlFor={fields.name.id}>
                  <Text size="2" weight="medium">
                    <span className="purchase-form__for-company">Company name</span>
                    <span className="purchase-form__for-individual">Name</span>
                  </Text>
                </label>
                <TextField.Root
                  {...getInputProps(fields.name, { type: 'text' })}
                  key={fields.name.key}
                  autoComplete="name"
                  onBlur={onDetailBlur('name')}
                />
                <FieldError id={fields.name.errorId} errors={fields.name.errors} />
              </Flex>
              <Flex direction="column" gap="1">
                <label htmlFor={fields.email.id}>
                  <Text size="2" weight="medium">
                    Email
                  </Text>
                </label>
                <TextField.Root
                  {...getInputProps(fields.email, { type: 'email' })}
                  key={fields.email.key}
                  autoComplete="email"
                  onInput={() => {
                    // §5: editing the email closes the frame; leaving the field checks it again.
                    if (frame) setFrame(null)
                  }}
                  onBlur={onDetailBlur('email')}
                />
                <FieldError id={fields.email.errorId} errors={fields.email.errors} />
              </Flex>
              <Flex direction="column" gap="1">
                <label htmlFor={fields.country.id}>
                  <Text size="2" weight="medium">
                    Country
                  </Text>
                </label>
                <select
                  id={fields.country.id}
                  name={fields.country.name}
                  key={fields.country.key}
                  className="shop-select"
                  defaultValue={selectedCountry}
                  autoComplete="country"
                  aria-invalid={fields.country.errors ? true : undefined}
                  aria-describedby={fields.country.errors ? fields.country.errorId : undefined}
                  onChange={onOptionChange}
                >
                  {countries.map((c) => (
                    <option key={c.code} value={c.code} data-requires-zip={c.requiresZip ? '' : undefined}>
                      {c.name}
                    </option>
                  ))}
                </select>
                <FieldError id={fields.country.errorId} errors={fields.country.errors} />
              </Flex>
              <Flex direction="column" gap="1" className="purchase-form__zip">
                <label htmlFor={fields.zip.id}>
                  <Text size="2" weight="medium">
                    Zip/Post code
                  </Text>
                </label>
                <TextField.Root
                  {...getInputProps(fields.zip, { type: 'text' })}
                  key={fields.zip.key}
                  autoComplete="postal-code"
                  onBlur={onDetailBlur('postcode')}
                />
                <FieldError id={fields.zip.errorId} errors={fields.zip.errors} />
              </Flex>
              <FieldError id={form.errorId} errors={form.errors} />
              <Flex gap="3" wrap="wrap" align="center">
                {/* formNoValidate: without script the server checks every field at once, rather than the browser one. */}
                <Button
                  ref={continueButton}
                  type="submit"
                  size="3"
                  formMethod="post"
                  formNoValidate
                  disabled={continuing}
                  aria-disabled={continuing}
                >
                  {continuing ? 'Checking…' : 'Continue'}
                </Button>
                {hydrated ? null : (
                  <Button type="submit" size="3" variant="soft" formMethod="get" formNoValidate>
                    Update price
                  </Button>
                )}
              </Flex>
            </Flex>
          </section>
        </Box>
      </fetcher.Form>

      {hydrated && frame ? (
        <Box asChild mb="5">
          <section aria-labelledby="payment-heading">
            <Heading as="h2" size="5" mb="3" id="payment-heading" tabIndex={-1}>
              Payment
            </Heading>
            <CheckoutFrame client={checkout} params={frame} onEvent={onFrameEvent} />
            {framePrices ? (
              <Text as="p" size="2" mt="2" role="status">
                To pay now: {framePriceText(framePrices)}
              </Text>
            ) : null}
          </section>
        </Box>
      ) : null}
    </>
  )
}

function framePriceText(prices: { currency: string; total: number; totalTax: number }): string {
  const money = (n: number) => formatPrice(n, prices.currency)
  return prices.totalTax > 0 ? `${money(prices.total)} (including ${money(prices.totalTax)} tax)` : money(prices.total)
}

/** A fieldset of two or more choice radios (billing, license type); a change reprices the page. */
function ChoiceGroup({
  legend,
  name,
  choices,
  onChange,
}: {
  legend: string
  name: string
  choices: Array<{ value: string; label: string; checked: boolean }>
  onChange: () => void
}) {
  return (
    <fieldset className="shop-fieldset">
      <legend>{legend}</legend>
      <Flex gap="3" wrap="wrap">
        {choices.map((choice) => (
          <ChoiceRadio
            key={choice.value}
            name={name}
            value={choice.value}
            label={choice.label}
            defaultChecked={choice.checked}
            onChange={onChange}
          />
        ))}
      </Flex>
    </fieldset>
  )
}

function ChoiceRadio({
  name,
  value,
  label,
  defaultChecked,
  onChange,
}: {
  name: string
  value: string
  label: string
  defaultChecked: boolean
  onChange: () => void
}) {
  const id = `purchase-${name}-${value}`
  return (
    <label htmlFor={id} className="shop-choice">
      <Radio id={id} name={name} value={value} defaultChecked={defaultChecked} onChange={onChange} />
      <Text size="2">{label}</Text>
    </label>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Buy ${data.product.name} | License Portal` : 'Buy | License Portal' },
]

export const ErrorBoundary = ShopErrorBoundary
