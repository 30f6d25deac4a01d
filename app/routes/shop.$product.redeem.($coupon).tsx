import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '#app/utils/conform-zod'
import { Card, Container, Flex, Heading, Link, Text, TextField } from '#app/components/themes'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { COUPON_MAX_LENGTH, couponCode } from '#protocol/catalog/coupons'
import type { HoneypotInputProps } from 'remix-utils/honeypot/server'
import { HoneypotFields } from '#app/components/honeypot-fields'
import { FieldError } from '#app/components/field-error'
import { ButtonRow, Field, InputField, SubmitButton } from '#app/components/forms'
import { ShopErrorBoundary } from '#app/components/shop/shop-error'
import { couponMessage, redeemHeading } from '#app/rules/messages/shop'
import { unexpectedError } from '#protocol/shared/errors'
import { DEFAULT_REDEEM_MONTHS } from '#app/rules/prices'
import { countOf } from '#protocol/shared/words'
import { checkHoneypot, honeypotFields } from '#app/utils/honeypot.server'
import { callLicensing } from '#app/utils/licensing.server'
import { readFormData } from '#app/utils/form.server'
import { loadCatalog, requireProduct } from './__shop/catalog.server'
import { lookupPlans } from './__shop/prices.server'
import { planFor, redeemPrices, type RedeemPrices } from './__shop/pricing'
import { RedeemSchema } from './__shop/purchase-schema'
import { prefill as buyerPrefill, signedInBuyer } from './__shop/buyer.server'
import { EMAIL_MAX_LENGTH } from '#protocol/shared/email'
import { shopPath } from '#protocol/catalog/paths'

const COUPON_PATTERN = /^[A-Za-z0-9_-]{1,100}$/

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const catalog = await loadCatalog(context)
  const product = requireProduct(catalog, params.product)
  const productRef = { slug: product.slug, name: product.name }
  const redeemPath = shopPath(product.slug, 'redeem')
  const url = new URL(request.url)
  // The name and email a refused redemption kept, carried to the next code's form.
  const prefill = { name: text(url, 'name', 200), email: text(url, 'email', EMAIL_MAX_LENGTH) }
  const keep = keptSearch(prefill)

  if (!params.coupon) {
    // The coupon form below is a GET form: its answer becomes the coupon's own address.
    const typed = couponCode(url.searchParams.get('coupon') ?? '')
    if (typed) return redirect(`${redeemPath}${encodeURIComponent(typed)}${keep}`)
    return json({ kind: 'ask' as const, product: productRef, prefill })
  }

  // A code typed or pasted with spaces in it is the code: its own address is the one without them.
  const coupon = couponCode(params.coupon)
  if (coupon !== params.coupon) {
    return redirect(coupon ? `${redeemPath}${encodeURIComponent(coupon)}${keep}` : `${redeemPath}${keep}`)
  }
  if (!COUPON_PATTERN.test(coupon)) {
    return json({ kind: 'error' as const, product: productRef, coupon, message: couponMessage('invalid'), prefill })
  }
  const [query, lookup] = await Promise.all([
    callLicensing('coupon', { type: 'query', product: product.slug, coupon }, { context }),
    lookupPlans(context, { product, country: 'US' }),
  ])
  if (!query.ok) return json({ kind: 'error' as const, product: productRef, coupon, message: unexpectedError, prefill })
  if (query.result.status !== 'active') {
    const message = couponMessage(query.result.status)
    return json({ kind: 'error' as const, product: productRef, coupon, message, prefill })
  }
  const plans = { year: planFor(lookup, 'personal', 'year'), month: planFor(lookup, 'personal', 'month') }
  const prices = redeemPrices(plans, query.result.months)
  // A signed-in buyer's own details fill the form when nothing was carried.
  const filled = buyerPrefill(prefill, await signedInBuyer(request, context), true)
  return json({
    kind: 'active' as const,
    product: productRef,
    coupon,
    prices,
    prefill: filled,
    honeypot: honeypotFields(),
  })
}

const text = (url: URL, name: string, max: number) => (url.searchParams.get(name) ?? '').trim().slice(0, max)

/** `?name=…&email=…` for what is kept, or nothing. */
function keptSearch(kept: { name: string; email: string }): string {
  const search = new URLSearchParams()
  if (kept.name) search.set('name', kept.name)
  if (kept.email) search.set('email', kept.email)
  return search.size ? `?${search}` : ''
}

type ActionData =
  | { kind: 'invalid'; result: SubmissionResult<string[]>; kept: { name: string; email: string } }
  | { kind: 'redeemed'; status: 'addedToExisting' | 'createdNew'; email: string; months?: number }

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  checkHoneypot(formData, context, 'redeem')
  const catalog = await loadCatalog(context)
  const product = requireProduct(catalog, params.product)
  const coupon = couponCode(params.coupon ?? '')
  const submission = parseWithZod(formData, { schema: RedeemSchema })
  const typed = (name: string, max: number) =>
    String(formData.get(name) ?? '')
      .trim()
      .slice(0, max)
  const kept = { name: typed('name', 200), email: typed('email', EMAIL_MAX_LENGTH) }
  // A refusal is said beside the form, which keeps the name and email typed (and carries them to another code).
  const refused = (message: string, status: number) =>
    json<ActionData>({ kind: 'invalid', result: submission.reply({ formErrors: [message] }), kept }, { status })
  if (!COUPON_PATTERN.test(coupon)) return refused(couponMessage('invalid'), 400)
  if (submission.status !== 'success') {
    return json<ActionData>({ kind: 'invalid', result: submission.reply(), kept }, { status: 400 })
  }
  const { name, email } = submission.value
  const answer = await callLicensing('coupon', { type: 'use', product: product.slug, coupon, email, name }, { context })
  if (!answer.ok) return refused(unexpectedError, 502)
  const status = answer.result.status
  if (status === 'addedToExisting' || status === 'createdNew') {
    return json<ActionData>({
      kind: 'redeemed',
      status,
      email,
      ...(answer.result.months ? { months: answer.result.months } : {}),
    })
  }
  return refused(couponMessage(status), 409)
}

export default function Redeem() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  // After a redemption the coupon reads as redeemed: the result, not the loader's answer, is what to show.
  const redeemed = actionData?.kind === 'redeemed' ? actionData : undefined

  return (
    <Container size="2" px="4" py="6">
      <Heading as="h1" size="8" mb="4">
        Redeem a {data.product.name} coupon
      </Heading>
      {data.kind === 'ask' ? <CouponQuery productSlug={data.product.slug} kept={data.prefill} /> : null}
      {/* §8's coupon messages, beside the form with the code as it was given, so that it can be corrected; a
          redemption refused meanwhile carries its name and email on to the next code. */}
      {data.kind === 'error' && !redeemed ? (
        <CouponQuery
          productSlug={data.product.slug}
          coupon={data.coupon}
          error={data.message}
          kept={actionData?.kind === 'invalid' ? actionData.kept : data.prefill}
        />
      ) : null}
      {redeemed ? (
        <RedeemResult
          status={redeemed.status}
          email={redeemed.email}
          months={redeemed.months ?? (data.kind === 'active' ? data.prices.months : DEFAULT_REDEEM_MONTHS)}
          productName={data.product.name}
        />
      ) : data.kind === 'active' ? (
        <RedeemForm
          prices={data.prices}
          coupon={data.coupon}
          prefill={data.prefill}
          honeypot={data.honeypot}
          lastResult={actionData?.kind === 'invalid' ? actionData.result : undefined}
        />
      ) : null}
    </Container>
  )
}

/** After a refusal (§8) the code as given, its message tied to the field, focused to be heard and corrected. */
function CouponQuery({
  productSlug,
  coupon,
  error,
  kept,
}: {
  productSlug: string
  coupon?: string
  error?: string
  kept: { name: string; email: string }
}) {
  return (
    <Card size="3">
      <Form method="get" action={shopPath(productSlug, 'redeem')} aria-labelledby="coupon-query-heading">
        {kept.name ? <input type="hidden" name="name" value={kept.name} /> : null}
        {kept.email ? <input type="hidden" name="email" value={kept.email} /> : null}
        <Heading as="h2" size="5" mb="3" id="coupon-query-heading">
          Enter your coupon
        </Heading>
        <Flex direction="column" gap="2">
          <Field id="coupon-code" label="Coupon code" gap="2" errorId="coupon-code-error" errors={error ? [error] : []}>
            <TextField.Root
              id="coupon-code"
              name="coupon"
              required
              maxLength={COUPON_MAX_LENGTH + 20}
              autoComplete="off"
              defaultValue={coupon}
              // A refused code: the field is where the user goes next, and its message is read with it.
              autoFocus={Boolean(error)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'coupon-code-error' : undefined}
            />
          </Field>
          <ButtonRow>
            <SubmitButton>Check coupon</SubmitButton>
          </ButtonRow>
        </Flex>
      </Form>
    </Card>
  )
}

function RedeemForm({
  prices,
  coupon,
  prefill,
  honeypot,
  lastResult,
}: {
  prices: RedeemPrices
  coupon: string
  prefill: { name: string; email: string }
  honeypot: HoneypotInputProps
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const [form, fields] = useForm({
    id: 'redeem',
    lastResult: navigation.state === 'idle' ? lastResult : undefined,
    constraint: getZodConstraint(RedeemSchema),
    defaultValue: prefill,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RedeemSchema }),
  })
  return (
    <Card size="3">
      <Heading as="h2" size="6" mb="3">
        {redeemHeading(prices.months)}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        Coupon {coupon}
      </Text>
      <table className="shop-breakdown">
        <caption className="visually-hidden">Price with the coupon</caption>
        <tbody>
          <tr>
            <th scope="row">Original Price</th>
            <td>{prices.original}</td>
          </tr>
          <tr>
            <th scope="row">Discount</th>
            <td>{prices.discount}</td>
          </tr>
          <tr className="shop-breakdown__total">
            <th scope="row">Total</th>
            <td>{prices.total}</td>
          </tr>
        </tbody>
      </table>
      <Text as="p" size="2" color="gray" mt="2">
        {prices.basis}
      </Text>
      <Form method="post" {...getFormProps(form)} aria-label="Redeem coupon">
        <HoneypotFields fields={honeypot} />
        <Flex direction="column" gap="3" mt="4">
          <InputField field={fields.name} label="Name" autoComplete="name" />
          <InputField field={fields.email} label="Email" type="email" autoComplete="email" />
          <FieldError id={form.errorId} errors={form.errors} />
          <ButtonRow>
            <SubmitButton size="3" busy={busy} busyLabel="Redeeming…">
              Continue
            </SubmitButton>
          </ButtonRow>
        </Flex>
      </Form>
    </Card>
  )
}

function RedeemResult({
  status,
  email,
  months,
  productName,
}: {
  status: 'addedToExisting' | 'createdNew'
  email: string
  months: number
  productName: string
}) {
  return (
    <Card size="3" asChild>
      <section aria-labelledby="redeem-result-heading">
        <Heading as="h2" size="6" mb="3" id="redeem-result-heading">
          Coupon redeemed
        </Heading>
        <Text as="p" size="3" mb="3">
          {status === 'createdNew' ? (
            <>
              A new {productName} license with {countOf(months, 'month')} free has been created for{' '}
              <strong>{email}</strong>. We have emailed the license details to that address.
            </>
          ) : (
            <>
              {countOf(months, 'month')} {months === 1 ? 'has' : 'have'} been added to the existing {productName}{' '}
              license of <strong>{email}</strong>.
            </>
          )}
        </Text>
        <Text as="p" size="3">
          Sign in to{' '}
          <Link asChild underline="always">
            <RemixLink to={`/?email=${encodeURIComponent(email)}`}>Manage Licenses</RemixLink>
          </Link>{' '}
          with that address to see it.
        </Text>
      </section>
    </Card>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Redeem a ${data.product.name} coupon | License Portal` : 'Redeem a coupon | License Portal' },
]

export const ErrorBoundary = ShopErrorBoundary
