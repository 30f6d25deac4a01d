/**
 * The purchase page's form (spec §2 "Purchase page"): the plan's options, the price breakdown, the buyer's details and
 * Continue, then the provider's frame. The route module (`shop.$product.buy.tsx`) loads and checks; this renders.
 */
import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Box, Button, Callout, Flex, Heading, Strong, Text, TextField } from '@radix-ui/themes'
import { useActionData, useFetcher, useNavigate, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useMemo, useRef, useState, type FocusEvent, type ReactNode } from 'react'
import { HoneypotInputs } from 'remix-utils/honeypot/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Country } from '#protocol/entities'
import type { Result } from '#protocol/operations'
import { FieldError } from '#app/components/field-error'
import { CheckoutFrame, type FrameParams } from '#app/components/shop/checkout-frame'
import { ChoiceGroup } from '#app/components/shop/choice-group'
import { ErrorSummary } from '#app/components/shop/error-summary'
import { PriceBreakdownView } from '#app/components/shop/price-breakdown'
import { formatPrice } from '#app/rules/prices'
import { MAX_QUANTITY, MIN_QUANTITY, clampQuantity } from '#app/rules/subscription'
import type { FrameEvent } from './frame-events'
import { BILLING_VALUES, TYPE_VALUES, optionsSearch, type PriceBreakdown, type PurchaseOptions } from './pricing'
import { nameOrEmail, purchaseSchema } from './purchase-schema'

export type ProductRef = { slug: string; name: string }
export type CheckoutClient = Result<'catalog'>['checkout']

/** The breakdown of a set of options, and whether it is the built-in one. */
export type Priced = { options: PurchaseOptions; breakdown: PriceBreakdown; fallback: boolean }

/** What the route's action answers: the refused form (with the breakdown of what was posted), or the frame to open. */
export type ActionData =
  | { kind: 'invalid'; result: SubmissionResult<string[]>; priced?: Priced }
  | { kind: 'frame'; result: SubmissionResult<string[]>; frame: FrameParams }

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
export function PurchaseForm({
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
  const actionData = useActionData() as ActionData | undefined
  const fetcher = useFetcher({ key: 'purchase' })
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
              <DetailField
                field={fields.name}
                label={
                  <>
                    <span className="purchase-form__for-company">Company name</span>
                    <span className="purchase-form__for-individual">Name</span>
                  </>
                }
                autoComplete="name"
                onBlur={onDetailBlur('name')}
              />
              <DetailField
                field={fields.email}
                label="Email"
                type="email"
                autoComplete="email"
                onInput={() => {
                  // §5: editing the email closes the frame; leaving the field checks it again.
                  if (frame) setFrame(null)
                }}
                onBlur={onDetailBlur('email')}
              />
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
              <DetailField
                field={fields.zip}
                label="Zip/Post code"
                autoComplete="postal-code"
                onBlur={onDetailBlur('postcode')}
                className="purchase-form__zip"
              />
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

/** One of the buyer's text fields: its label, the input and its message, tied together. */
function DetailField({
  field,
  label,
  type = 'text',
  className,
  ...input
}: {
  field: FieldMetadata<string>
  label: ReactNode
  type?: 'text' | 'email'
  autoComplete: string
  className?: string
  onBlur: (event: FocusEvent<HTMLInputElement>) => void
  onInput?: () => void
}) {
  return (
    <Flex direction="column" gap="1" className={className}>
      <label htmlFor={field.id}>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </label>
      <TextField.Root {...getInputProps(field, { type })} key={field.key} {...input} />
      <FieldError id={field.errorId} errors={field.errors} />
    </Flex>
  )
}

function framePriceText(prices: { currency: string; total: number; totalTax: number }): string {
  const money = (n: number) => formatPrice(n, prices.currency)
  return prices.totalTax > 0 ? `${money(prices.total)} (including ${money(prices.totalTax)} tax)` : money(prices.total)
}
