import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { Form, Link as RemixLink, useLocation } from '@remix-run/react'
import { Box, Button, Callout, Card, Flex, Heading, Link, Strong, Text } from '#app/components/themes'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { CheckoutState } from '#app/routes/__shop/pricing'
import { checkoutFailedTitle, checkoutFlaggedTitle } from '#app/rules/messages/checkout'
import { useSupportEmail } from '#app/utils/support-email'
import { shopPath } from '#protocol/catalog/paths'

const checkoutCompleteHeading = 'Thank you for your purchase!'
export const orderAlreadyComplete = 'This order is already complete'

type CheckoutOutcomeProps = {
  state: CheckoutState
  immediatelyAvailable: boolean
  /** Reached again (a reload, Back, a second tab): no thanks again, and the way to a new purchase. */
  already: boolean
  email?: string
  organization: boolean
  /** Signed in as the buyer: Manage Licenses opens without signing in. */
  signedIn: boolean
  product: { slug: string; name: string }
  /** In the provider's words (from the service). */
  reason?: string
  /** The purchase form as it was when Continue was pressed. */
  retryTo: string
}

/** Paddle's reason, which the service never hears of. */
export type FailedNavigationState = { reason?: string }

/** Spec §4 "Checkout" outcomes (complete, flagged, failed); the page scrolls to its top and the heading takes focus. */
export function CheckoutOutcome({
  state,
  immediatelyAvailable,
  already,
  email,
  organization,
  signedIn,
  product,
  reason,
  retryTo,
}: CheckoutOutcomeProps) {
  const supportEmail = useSupportEmail()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const location = useLocation()
  const hydrated = useHydrated()
  useEffect(() => {
    window.scrollTo({ top: 0 })
    headingRef.current?.focus({ preventScroll: true })
  }, [state])

  const to = email ? (
    <>
      {' '}
      to <strong>{email}</strong>
    </>
  ) : null

  if (state === 'failed') {
    // The frame's own reason (read after hydration only: the server never sees the navigation's state).
    const reported = hydrated ? (location.state as FailedNavigationState | null)?.reason : undefined
    const said = reason ?? reported
    return (
      <OutcomeSection title={checkoutFailedTitle} headingRef={headingRef}>
        {said ? (
          <Callout.Root color="red" mb="3" role="alert">
            <Callout.Text>
              <Strong>The payment provider said:</Strong> {said}
            </Callout.Text>
          </Callout.Root>
        ) : null}
        <Text as="p" size="3" mb="3">
          Your payment could not be completed, and nothing has been charged. {checkoutFailedAdvice(Boolean(said))} Or{' '}
          <Link href={`mailto:${supportEmail}`} underline="always">
            contact us at {supportEmail}
          </Link>{' '}
          and we will help.
        </Text>
        <Button asChild size="3">
          <RemixLink to={retryTo}>Try again</RemixLink>
        </Button>
      </OutcomeSection>
    )
  }

  if (state === 'flagged') {
    return (
      <OutcomeSection title={checkoutFlaggedTitle} headingRef={headingRef}>
        <Text as="p" size="3" mb="3">
          Your payment has been flagged for manual review by our payment provider. A review usually takes 1-2 hours, and
          at most 12 hours. We will email your license details{to} as soon as the order is approved.
        </Text>
        {already ? (
          <>
            <Text as="p" size="3" mb="3">
              Nothing more can be paid for this order while it is reviewed.
            </Text>
            <NewPurchase product={product} />
          </>
        ) : null}
      </OutcomeSection>
    )
  }

  if (already) {
    return (
      <OutcomeSection title={orderAlreadyComplete} headingRef={headingRef}>
        <Text as="p" size="3" mb="3">
          Your payment for {product.name} went through, and nothing more was charged. We have emailed your license
          details{to}.
        </Text>
        <Text as="p" size="3" mb="3">
          <Link asChild underline="always">
            <RemixLink to="/manage">Go to your licenses</RemixLink>
          </Link>
          {signedIn ? '.' : ' (sign in with the email address you bought with).'}
        </Text>
        <NewPurchase product={product} />
      </OutcomeSection>
    )
  }

  if (organization) {
    return (
      <OutcomeSection title={checkoutCompleteHeading} headingRef={headingRef}>
        <Text as="p" size="3" mb="3">
          Your payment is complete. We have emailed your {product.name} license details{to}.
        </Text>
        <Card size="2" mt="4" asChild>
          <section aria-labelledby="next-steps-heading">
            <Heading as="h3" size="4" mb="2" id="next-steps-heading">
              What to do next
            </Heading>
            <Text as="p" size="3" mb="2">
              The licenses belong to your organization and are not assigned to anyone yet, so nobody can activate{' '}
              {product.name} until a license is assigned to them.
            </Text>
            <ol className="help-list">
              {signedIn ? (
                <li>
                  Open{' '}
                  <Link asChild underline="always">
                    <RemixLink to="/manage">Manage Licenses</RemixLink>
                  </Link>
                  .
                </li>
              ) : (
                <li>
                  Sign in to{' '}
                  <Link asChild underline="always">
                    <RemixLink to={email ? `/?email=${encodeURIComponent(email)}` : '/'}>Manage Licenses</RemixLink>
                  </Link>
                  {email ? <> with {email}</> : null}.
                </li>
              )}
              <li>
                In your organization&apos;s section, choose <Strong>Manage assignments</Strong> on the new subscription
                and enter the email address of each person who uses {product.name}: yours too, if you use it yourself.
              </li>
              <li>
                Each of them then activates {product.name} in their editor with their own email address, and confirms
                the activation with the link we email them.
              </li>
            </ol>
          </section>
        </Card>
      </OutcomeSection>
    )
  }

  return (
    <OutcomeSection title={checkoutCompleteHeading} headingRef={headingRef}>
      <Text as="p" size="3" mb="3">
        Your payment is complete. We have emailed your {product.name} license details{to}.
      </Text>
      {immediatelyAvailable ? (
        <Card size="2" mt="4" asChild>
          <section aria-labelledby="activate-now-heading">
            <Heading as="h3" size="4" mb="2" id="activate-now-heading">
              Start using {product.name} now
            </Heading>
            <Text as="p" size="3" mb="2">
              Your license is ready: you do not have to wait for the email.
            </Text>
            <ol className="help-list">
              <li>Open your editor with {product.name} installed (restart it if it was already open).</li>
              <li>
                Choose to activate a license and enter the email address you bought with
                {email ? <> ({email})</> : null}.
              </li>
              <li>Confirm the activation with the link we email you; the license then works on that computer.</li>
            </ol>
          </section>
        </Card>
      ) : null}
      <Text as="p" size="3" mt="4">
        Your license, its key, offline keys and the subscription are in{' '}
        <Link asChild underline="always">
          <RemixLink to={signedIn || !email ? '/manage' : `/?email=${encodeURIComponent(email)}`}>
            Manage Licenses
          </RemixLink>
        </Link>
        {signedIn ? '.' : ' (sign in with the email address you bought with).'}
      </Text>
    </OutcomeSection>
  )
}

function checkoutFailedAdvice(declined: boolean): string {
  return declined
    ? 'Please try again with another card, or ask your bank why it declined the payment.'
    : 'Please check your payment details and try again.'
}

/** On purpose: the form again, as it was at Continue. */
function NewPurchase({ product }: { product: { slug: string; name: string } }) {
  return (
    <Form method="post" action={shopPath(product.slug)}>
      <input type="hidden" name="intent" value="new-purchase" />
      <Flex gap="3" align="center" wrap="wrap">
        <Button type="submit" variant="soft" size="3">
          Start a new purchase
        </Button>
        <Text size="2" color="gray">
          Buy {product.name} again, for someone else or more users.
        </Text>
      </Flex>
    </Form>
  )
}

function OutcomeSection({
  title,
  headingRef,
  children,
}: {
  title: string
  headingRef: RefObject<HTMLHeadingElement>
  children: ReactNode
}) {
  return (
    <Box mb="6" asChild>
      <section aria-labelledby="checkout-outcome-heading">
        <Heading as="h2" size="6" mb="3" id="checkout-outcome-heading" ref={headingRef} tabIndex={-1}>
          {title}
        </Heading>
        {children}
      </section>
    </Box>
  )
}
