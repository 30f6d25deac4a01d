import { Badge, Box, Card, Flex, Heading, Text } from '@radix-ui/themes'
import { Link } from '@remix-run/react'
import type { Company, Subscription } from '#protocol/entities'
import { SubscriptionActions } from './subscription-actions'
import { formatDate } from '#app/rules/dates'
import { formatPrice } from '#app/rules/prices'
import { pastDueAdvice } from '#app/rules/messages'
import { hasInactive, sortSubscriptions, subscriptionExpiry, visibleSubscriptions } from '#app/rules/subscription'

type SubscriptionListProps = {
  subscriptions: Subscription[]
  now: number
  showInactive: boolean
  headingId: string
  label: string
  company?: Company
  admin: boolean
}

const stateLabel = (s: Subscription): { text: string; color: 'green' | 'gray' | 'amber' | 'red' } => {
  switch (s.state) {
    case 'active':
      return s.nextPayment
        ? { text: 'Active, auto-renew on', color: 'green' }
        : { text: 'Active, will not renew', color: 'gray' }
    case 'paused':
      return { text: 'Paused', color: 'amber' }
    case 'pastDue':
      return { text: 'Payment past due', color: 'red' }
    case 'deleted':
      return { text: 'Cancelled', color: 'gray' }
  }
}

/** Subscriptions in the spec's order (§4); cancelled ones past their expiry are hidden unless asked for. */
export function SubscriptionList({
  subscriptions,
  now,
  showInactive,
  headingId,
  label,
  company,
  admin,
}: SubscriptionListProps) {
  const visible = sortSubscriptions(visibleSubscriptions(subscriptions, showInactive, now))
  const someInactive = hasInactive(subscriptions, now)
  return (
    <Box mb="4" asChild>
      <section aria-labelledby={headingId}>
        <Heading as="h3" size="3" mb="2" id={headingId}>
          {label}
        </Heading>
        {someInactive ? (
          <Text as="p" size="2" mb="2" color="gray">
            {showInactive ? (
              <>
                Inactive subscriptions are shown. <Link to="/manage">Hide inactive subscriptions</Link>
              </>
            ) : (
              <>
                Inactive subscriptions are hidden. <Link to="/manage?inactive=show">Show inactive subscriptions</Link>
              </>
            )}
          </Text>
        ) : null}
        <Flex direction="column" gap="2" asChild>
          <ul className="plain-list">
            {visible.map((s) => {
              const state = stateLabel(s)
              const expiry = subscriptionExpiry(s)
              const assigned = s.licenses.filter((l) => l.assignedTo).length
              return (
                <li key={s.subscriptionId}>
                  <Card size="1">
                    <Flex justify="between" wrap="wrap" gap="2">
                      <Box>
                        <Text as="p" weight="bold">
                          {s.productName} · {s.billingPeriod === 'year' ? 'Annual' : 'Monthly'} · #{s.subscriptionId}
                        </Text>
                        <Flex gap="2" align="center" wrap="wrap" mt="1">
                          <Badge color={state.color}>{state.text}</Badge>
                          {s.pendingChange ? <Badge color="blue">{s.pendingChange}</Badge> : null}
                          <Text size="2">
                            {s.quantity} license(s), {assigned} assigned
                            {s.lapsingQuantity ? `, ${s.lapsingQuantity} lapsing` : ''}
                          </Text>
                        </Flex>
                        {s.state === 'pastDue' ? (
                          <Text as="p" size="2" color="red" mt="1">
                            {pastDueAdvice}
                          </Text>
                        ) : null}
                        <Text as="p" size="2" mt="1">
                          {expiry ? <>Expires {formatDate(expiry, { utc: true })}. </> : null}
                          {s.nextPayment ? (
                            <>
                              Next payment {formatPrice(s.nextPayment.amount, s.nextPayment.currency)} on{' '}
                              {formatDate(s.nextPayment.date, { utc: true })}.{' '}
                            </>
                          ) : null}
                          {s.paymentMethod === 'paypal'
                            ? 'Paid with PayPal.'
                            : s.paymentMethod === 'card'
                              ? `Paid with ${s.cardType ?? 'card'} ending ${s.lastFourDigits ?? '····'}${s.expiryDate ? ` (expires ${s.expiryDate})` : ''}.`
                              : null}
                        </Text>
                      </Box>
                      <Box>
                        <SubscriptionActions subscription={s} company={company} admin={admin} now={now} />
                      </Box>
                    </Flex>
                  </Card>
                </li>
              )
            })}
          </ul>
        </Flex>
      </section>
    </Box>
  )
}
