// The purchase page's form (spec §2 "Purchase page"); `shop.$product.buy.tsx` loads and checks, this renders.
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '#app/utils/conform-zod'
import { Box, Button, Callout, Flex, Heading, Strong, Text } from '#app/components/themes'
import { useActionData, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useMemo, useRef, type FocusEvent } from 'react'
import type { HoneypotInputProps } from 'remix-utils/honeypot/server'
import { HoneypotFields } from '#app/components/honeypot-fields'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Country } from '#protocol/entities'
import { MAX_QUANTITY, MIN_QUANTITY, clampQuantity } from '#protocol/subscriptions/quantity'
import { FieldError } from '#app/components/field-error'
import { Field, InputField } from '#app/components/forms'
import { CheckoutFrame } from '#app/components/shop/checkout-frame'
import { ChoiceGroup } from '#app/components/shop/choice-group'
import { ErrorSummary } from '#app/components/shop/error-summary'
import { PriceBreakdownView } from '#app/components/shop/price-breakdown'
import { SubscribedCallout } from '#app/components/shop/subscribed-notice'
import { labels } from '#app/rules/messages/labels'
import { formatPrice } from '#protocol/shared/money'
import { BILLING_VALUES, TYPE_VALUES, optionsSearch, type PriceBreakdown, type PurchaseOptions } from './pricing'
import { UPDATE_PRICE_INTENT, type ActionData, type CheckoutClient, type ProductRef } from './purchase-data'
import { nameOrEmail, purchaseFields, purchaseSchema } from './purchase-schema'
import { useCheckoutFrame, type FrameField, type FramePrices } from './use-checkout-frame'
import { shopPath } from '#protocol/catalog/paths'

type PurchaseFormProps = {
  product: ProductRef
  options: PurchaseOptions
  breakdown: PriceBreakdown
  fallback: boolean
  countries: Country[]
  checkout: CheckoutClient
  values: { name: string; email: string; zip: string }
  /** New Subscription: the company the organization licenses are added to. */
  company: { id: string; name: string } | null
  /** Why a company asked for in the URL is not the one bought for. */
  companyNotice: string | null
  honeypot: HoneypotInputProps
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

/** Without script a GET form (Update price), then the hosted checkout; with script price and frame follow in place. */
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
  honeypot,
}: PurchaseFormProps) {
  const hydrated = useHydrated()
  const actionData = useActionData() as ActionData | undefined
  const navigation = useNavigation()
  const submit = useSubmit()
  const formRef = useRef<HTMLFormElement>(null)
  const continueButton = useRef<HTMLButtonElement>(null)
  const schema = useMemo(() => purchaseSchema(countries), [countries])
  const constraint = useMemo(() => getZodConstraint(purchaseFields(countries)), [countries])
  const buyPath = shopPath(product.slug)
  const frame = useCheckoutFrame({ formRef, buyPath })
  const { fetcher, fetched } = frame

  const answered = fetcher.state === 'idle' && fetched ? fetched : navigation.state === 'idle' ? actionData : undefined
  const subscribed = answered?.kind === 'invalid' ? answered.subscribed : undefined

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
    constraint,
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

  const onOptionChange = () => {
    if (!formRef.current) return
    const next = optionsFromForm(formRef.current, options.coupon)
    const search = optionsSearch(next)
    // The company a New Subscription is for stays with the page (the server checks it again on every load).
    if (company) search.set('company', company.id)
    submit(search, { method: 'get', action: buyPath, replace: true, preventScrollReset: true })
    frame.reopen()
  }

  // Options changed before the script loaded (a slow connection): the price follows what the form shows.
  useEffect(() => {
    if (!formRef.current) return
    const chosen = optionsSearch(optionsFromForm(formRef.current, options.coupon)).toString()
    if (chosen !== optionsSearch(shown.options).toString()) onOptionChange()
    // Only the first render after hydration: later changes go through the controls' own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  /** §2 "Name defaults to the email on blur if empty", also on Continue; in place, so focus stays put. */
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

  const onDetailBlur = (field: FrameField) => (event: FocusEvent<HTMLInputElement>) => {
    if (field === 'name') defaultNameToEmail()
    frame.fieldLeft(field, event.currentTarget.value.trim())
  }

  const continuing = frame.continuing
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
            frame.continuePressed()
            defaultNameToEmail()
          }
          getFormProps(form).onSubmit(event)
          if (continuePressed) frame.countAttempt()
        }}
      >
        <ErrorSummary
          id="purchase-errors"
          items={frame.attempt > 0 || actionData?.kind === 'invalid' ? summaryItems : []}
          attempt={frame.attempt}
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
                  { value: 'individual', label: labels.personal, checked: shown.options.type === 'personal' },
                  { value: 'company', label: labels.organization, checked: shown.options.type === 'organization' },
                ]}
                onChange={onOptionChange}
              />
              <Field
                id="purchase-quantity"
                label="Users"
                className="purchase-form__users"
                description={{
                  id: 'purchase-quantity-hint',
                  text: 'Organization licenses only: one license per user.',
                }}
              >
                <select
                  id="purchase-quantity"
                  name="quantity"
                  className="shop-select"
                  defaultValue={String(shown.options.quantity)}
                  aria-describedby="purchase-quantity-hint"
                  onChange={onOptionChange}
                >
                  {Array.from({ length: MAX_QUANTITY - MIN_QUANTITY + 1 }, (_, i) => MIN_QUANTITY + i).map((n) => (
                    <option key={n} value={n} data-shown={n === shown.options.quantity ? '' : undefined}>
                      {n}
                    </option>
                  ))}
                </select>
              </Field>
            </Flex>
          </section>
        </Box>

        <PriceBreakdownView breakdown={shown.breakdown} fallback={shown.fallback} updating={updating} />
        {hydrated ? null : (
          // Without script the price follows a choice on Update price; until then the page says so (shop.css).
          <Callout.Root mb="5" color="amber" className="purchase-form__stale">
            <Callout.Text>
              The price above is for your previous choice. Press <Strong>Update price</Strong> to see the price of the
              plan you have chosen now.
            </Callout.Text>
          </Callout.Root>
        )}

        <Box asChild mb="5">
          <section aria-labelledby="details-heading">
            <Heading as="h2" size="5" mb="3" id="details-heading">
              Your details
            </Heading>
            <HoneypotFields fields={honeypot} />
            {hydrated ? <input type="hidden" name="mode" value="frame" /> : null}
            <Flex direction="column" gap="3">
              <InputField
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
              <InputField
                field={fields.email}
                label="Email"
                type="email"
                autoComplete="email"
                onInput={() => {
                  // §5: editing the email closes the frame; leaving the field checks it again.
                  if (frame.frame) frame.close()
                }}
                onBlur={onDetailBlur('email')}
              />
              {subscribed ? (
                <SubscribedCallout
                  notice={subscribed}
                  organizationHref={subscribed.organizationUrl}
                  onBuyAsOrganization={(event) => {
                    // In place with script: what was typed stays in the form, and the price follows.
                    const radio = formRef.current?.elements.namedItem('type')
                    if (!(radio instanceof RadioNodeList)) return
                    event.preventDefault()
                    radio.value = TYPE_VALUES.organization
                    onOptionChange()
                  }}
                />
              ) : null}
              <Field
                id={fields.country.id}
                label="Country"
                errorId={fields.country.errorId}
                errors={fields.country.errors}
              >
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
                    <option
                      key={c.code}
                      value={c.code}
                      data-requires-zip={c.requiresZip ? '' : undefined}
                      data-shown={c.code === selectedCountry ? '' : undefined}
                    >
                      {c.name}
                    </option>
                  ))}
                </select>
              </Field>
              <InputField
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
                  // Posted, so that the bot trap's fields never reach an address; the answer is the page's own URL.
                  <Button
                    type="submit"
                    size="3"
                    variant="soft"
                    formMethod="post"
                    name="intent"
                    value={UPDATE_PRICE_INTENT}
                    formNoValidate
                  >
                    Update price
                  </Button>
                )}
              </Flex>
            </Flex>
          </section>
        </Box>
      </fetcher.Form>

      {hydrated && frame.frame ? (
        <Box asChild mb="5">
          <section aria-labelledby="payment-heading">
            <Heading as="h2" size="5" mb="3" id="payment-heading" tabIndex={-1}>
              Payment
            </Heading>
            {/* A card declined in the frame is announced here; the frame stays, for another card. */}
            <Text key={frame.declined?.count} as="p" size="2" mb={frame.declined ? '2' : '0'} role="alert" color="red">
              {frame.declined?.message ?? ''}
            </Text>
            <CheckoutFrame client={checkout} params={frame.frame} onEvent={frame.onFrameEvent} />
            {frame.prices ? (
              <Text as="p" size="2" mt="2" role="status">
                To pay now: {framePriceText(frame.prices)}
              </Text>
            ) : null}
          </section>
        </Box>
      ) : null}
    </>
  )
}

function framePriceText(prices: FramePrices): string {
  const money = (n: number) => formatPrice(n, prices.currency)
  return prices.totalTax > 0 ? `${money(prices.total)} (including ${money(prices.totalTax)} tax)` : money(prices.total)
}
