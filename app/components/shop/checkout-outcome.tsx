import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { Link as RemixLink } from '@remix-run/react'
import { Box, Card, Heading, Link, Text } from '@radix-ui/themes'
import type { CheckoutState } from '#app/routes/__shop/pricing'
import { checkoutFailedTitle, checkoutFlaggedTitle } from '#app/rules/messages'
import { useSupportEmail } from '#app/utils/support-email'

const checkoutCompleteHeading = 'Thank you for your purchase!'

type CheckoutOutcomeProps = {
  state: CheckoutState
  immediatelyAvailable: boolean
  email?: string
  organization: boolean
  product: { slug: string; name: string }
  /** Why the payment failed, in the payment provider's words, when it said. */
  reason?: string
}

/**
 * The outcome screens of spec §4 "Checkout": complete (with the activate-now instructions when the service says the
 * license is immediately available), flagged for manual review, failed. The page is at its top after the outcome
 * arrives (a new page without script; scrolled up with script), and the heading takes the focus.
 */
export function CheckoutOutcome({
  state,
  immediatelyAvailable,
  email,
  organization,
  product,
  reason,
}: CheckoutOutcomeProps) {
  const supportEmail = useSupportEmail()
  const headingRef = useRef<HTMLHeadingElement>(null)
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
    return (
      <OutcomeSection title={checkoutFailedTitle} headingRef={headingRef}>
        {reason ? (
          <Text as="p" size="3" mb="3">
            The payment provider’s answer: <strong>{reason}</strong>
          </Text>
        ) : null}
        <Text as="p" size="3" mb="3">
          Your payment could not be completed, and nothing has been charged. Please check your payment details and try
          again, or{' '}
          <Link href={`mailto:${supportEmail}`} underline="always">
            contact us at {supportEmail}
          </Link>{' '}
          and we will help.
        </Text>
        <Link asChild size="3" underline="always">
          <RemixLink to={`/shop/${product.slug}/buy/`}>Try again</RemixLink>
        </Link>
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
      </OutcomeSection>
    )
  }

  return (
    <OutcomeSection title={checkoutCompleteHeading} headingRef={headingRef}>
      <Text as="p" size="3" mb="3">
        Your payment is complete. We have emailed your {product.name} license details{to}.
      </Text>
      {organization ? (
        <Text as="p" size="3" mb="3">
          Sign in to{' '}
          <Link asChild underline="always">
            <RemixLink to="/">Manage Licenses</RemixLink>
          </Link>{' '}
          with that address to assign the licenses to your team.
        </Text>
      ) : null}
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
    </OutcomeSection>
  )
}

/** The outcome's section: its heading takes the focus when the outcome arrives. */
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
