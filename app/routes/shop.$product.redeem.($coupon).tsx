import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Button, Card, Container, Flex, Heading, Link, Text, TextField } from '@radix-ui/themes'
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { HoneypotInputs } from 'remix-utils/honeypot/react'
import { FieldError } from '#app/components/field-error'
import { ButtonRow, Field, InputField, SubmitButton } from '#app/components/forms'
import { RouteDialog } from '#app/components/route-dialog'
import { ShopErrorBoundary } from '#app/components/shop/shop-error'
import shopStyles from '#app/components/shop/shop.css'
import { couponErrorTitle, couponMessage, redeemHeading, unexpectedError } from '#app/rules/messages'
import { DEFAULT_REDEEM_MONTHS } from '#app/rules/prices'
import { countOf } from '#protocol/words'
import { checkHoneypot } from '#app/utils/honeypot.server'
import { callLicensing } from '#app/utils/licensing.server'
import { readFormData } from '#app/utils/form.server'
import { loadCatalog, requireProduct } from './__shop/catalog.server'
import { lookupPlans } from './__shop/prices.server'
import { planFor, redeemPrices } from './__shop/pricing'
import { RedeemSchema } from './__shop/purchase-schema'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: shopStyles }]

const COUPON_PATTERN = /^[A-Za-z0-9_-]{1,100}$/

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const catalog = await loadCatalog(context)
  const product = requireProduct(catalog, params.product)
  const productRef = { slug: product.slug, name: product.name }

  if (!params.coupon) {
    // The coupon form below is a GET form: its answer becomes the coupon's own address.
    const typed = new URL(request.url).searchParams.get('coupon')?.trim()
    if (typed) return redirect(`/shop/${product.slug}/redeem/${encodeURIComponent(typed.slice(0, 100))}`)
    return json({ kind: 'ask' as const, product: productRef })
  }

  const coupon = params.coupon.trim()
  if (!COUPON_PATTERN.test(coupon)) {
    return json({ kind: 'error' as const, product: productRef, coupon, message: couponMessage('invalid') })
  }
  const [query, lookup] = await Promise.all([
    callLicensing('coupon', { type: 'query', product: product.slug, coupon }, { context }),
    lookupPlans(context, { product: product.slug, country: 'US' }),
  ])
  if (!query.ok) return json({ kind: 'error' as const, product: productRef, coupon, message: unexpectedError })
  if (query.result.status !== 'active') {
    return json({ kind: 'error' as const, product: productRef, coupon, message: couponMessage(query.result.status) })
  }
  // §9: the original price is the annual price scaled by months/12.
  const prices = redeemPrices(planFor(lookup.plans, 'personal', 'year'), query.result.months)
  return json({ kind: 'active' as const, product: productRef, coupon, prices })
}

type ActionData =
  | { kind: 'invalid'; result: SubmissionResult<string[]> }
  | { kind: 'redeemed'; status: 'addedToExisting' | 'createdNew'; email: string; months?: number }
  | { kind: 'error'; message: string }

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  checkHoneypot(formData)
  const catalog = await loadCatalog(context)
  const product = requireProduct(catalog, params.product)
  const coupon = params.coupon?.trim() ?? ''
  if (!COUPON_PATTERN.test(coupon))
    return json<ActionData>({ kind: 'error', message: couponMessage('invalid') }, { status: 400 })
  const submission = parseWithZod(formData, { schema: RedeemSchema })
  if (submission.status !== 'success') {
    return json<ActionData>({ kind: 'invalid', result: submission.reply() }, { status: 400 })
  }
  const { name, email } = submission.value
  const answer = await callLicensing('coupon', { type: 'use', product: product.slug, coupon, email, name }, { context })
  if (!answer.ok) return json<ActionData>({ kind: 'error', message: unexpectedError }, { status: 502 })
  const status = answer.result.status
  if (status === 'addedToExisting' || status === 'createdNew') {
    return json<ActionData>({
      kind: 'redeemed',
      status,
      email,
      ...(answer.result.months ? { months: answer.result.months } : {}),
    })
  }
  return json<ActionData>({ kind: 'error', message: couponMessage(status) }, { status: 409 })
}

export default function Redeem() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  // After a redemption the coupon reads as redeemed: the result, not the loader's answer, is what to show.
  const redeemed = actionData?.kind === 'redeemed' ? actionData : undefined
  const error = redeemed
    ? undefined
    : data.kind === 'error'
      ? data.message
      : actionData?.kind === 'error'
        ? actionData.message
        : undefined

  return (
    <Container size="2" px="4" py="6">
      <Heading as="h1" size="8" mb="4">
        Redeem a {data.product.name} coupon
      </Heading>
      {error ? <CouponErrorDialog message={error} /> : null}
      {data.kind === 'ask' ? <CouponQuery productSlug={data.product.slug} /> : null}
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
          lastResult={actionData?.kind === 'invalid' ? actionData.result : undefined}
        />
      ) : null}
    </Container>
  )
}

/** Spec §8 coupon errors: a modal that only its Close button dismisses, and Close goes to "/". */
function CouponErrorDialog({ message }: { message: string }) {
  return (
    <RouteDialog
      title={couponErrorTitle}
      description={message}
      closeTo="/"
      dismissible={false}
      role="alertdialog"
      maxWidth="480px"
    >
      <Flex justify="end" mt="3">
        <Button asChild>
          <RemixLink to="/">Close</RemixLink>
        </Button>
      </Flex>
    </RouteDialog>
  )
}

function CouponQuery({ productSlug }: { productSlug: string }) {
  return (
    <Card size="3">
      <Form method="get" action={`/shop/${productSlug}/redeem/`} aria-labelledby="coupon-query-heading">
        <Heading as="h2" size="5" mb="3" id="coupon-query-heading">
          Enter your coupon
        </Heading>
        <Flex direction="column" gap="2">
          <Field id="coupon-code" label="Coupon code" gap="2">
            <TextField.Root id="coupon-code" name="coupon" required maxLength={100} autoComplete="off" />
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
  lastResult,
}: {
  prices: { months: number; original: string; discount: string; total: string }
  coupon: string
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const [form, fields] = useForm({
    id: 'redeem',
    lastResult: navigation.state === 'idle' ? lastResult : undefined,
    constraint: getZodConstraint(RedeemSchema),
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
      <Form method="post" {...getFormProps(form)} aria-label="Redeem coupon">
        <HoneypotInputs />
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
