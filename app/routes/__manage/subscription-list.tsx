import { Badge, Box, Card, Flex, Heading, Text } from '#app/components/themes'
import { Link } from '@remix-run/react'
import { useRef } from 'react'
import type { Company, Subscription } from '#protocol/entities'
import type { SubscriptionSeats } from '#protocol/licenses/window-reads'
import { SubscriptionActions } from './subscription-actions'
import { anchors } from './shared/anchors'
import { useRouteLinks } from '#app/components/route-links'
import { formatDate } from '#protocol/shared/dates'
import { formatPrice } from '#protocol/shared/money'
import { pastDueAdvice } from '#app/rules/messages/manage'
import { seatsLookup, subscriptionSeatsText } from '#app/rules/seat-counts'
import { hasInactive, sortSubscriptions, subscriptionExpiry, visibleSubscriptions } from '#app/rules/subscription'
import { paymentMethodWords } from '#protocol/subscriptions/payment-methods'
import { subscriptionTitle } from '#protocol/catalog/products'

type SubscriptionListProps = {
  subscriptions: Subscription[]
  /** A subscription's `licenses` are not all of them. */
  seats: readonly SubscriptionSeats[]
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

/** Spec §4 order; cancelled ones past expiry hidden unless asked for. Plain elements: cards repeat. */
export function SubscriptionList({
  subscriptions,
  seats,
  now,
  showInactive,
  headingId,
  label,
  company,
  admin,
}: SubscriptionListProps) {
  const visible = sortSubscriptions(visibleSubscriptions(subscriptions, showInactive, now))
  const someInactive = hasInactive(subscriptions, now)
  const seatsOf = seatsLookup(seats)
  // The cards' action links are plain anchors (`RowLink`): one listener for the list.
  const list = useRef<HTMLUListElement>(null)
  useRouteLinks(list)
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
          <ul className="plain-list" ref={list}>
            {visible.map((s) => {
              const state = stateLabel(s)
              const expiry = subscriptionExpiry(s)
              return (
                <li
                  key={s.subscriptionId}
                  id={anchors.subscription(s.subscriptionId)}
                  tabIndex={-1}
                  className="return-point"
                >
                  <Card size="1">
                    {/* Actions always under the details, so every card reads the same way whatever fits beside. */}
                    <Flex direction="column" gap="2">
                      <Box>
                        <Text as="p" weight="bold">
                          {subscriptionTitle(s)}
                        </Text>
                        <Text as="p" size="1" color="gray">
                          Subscription {s.subscriptionId}
                        </Text>
                        <Flex gap="2" align="center" wrap="wrap" mt="1">
                          <Badge color={state.color}>{state.text}</Badge>
                          {s.pendingChange ? <Badge color="blue">{s.pendingChange}</Badge> : null}
                          <Text size="2">{subscriptionSeatsText(seatsOf(s.subscriptionId), !company)}</Text>
                        </Flex>
                        {s.state === 'pastDue' ? (
                          <Text as="p" size="2" mt="1" color="red">
                            {pastDueAdvice}
                          </Text>
                        ) : null}
                        <Text as="p" size="2" mt="1">
                          {expiry ? (
                            <>
                              {expiry <= now ? 'Expired' : 'Expires'} {formatDate(expiry, { utc: true })}.{' '}
                            </>
                          ) : null}
                          {s.nextPayment ? (
                            <>
                              Next payment {formatPrice(s.nextPayment.amount, s.nextPayment.currency)} on{' '}
                              {formatDate(s.nextPayment.date, { utc: true })}.{' '}
                            </>
                          ) : null}
                          {s.paymentMethod ? `Paid with ${paymentMethodWords(s)}` : null}
                          {s.paymentMethod === 'card' && s.expiryDate ? ` (expires ${s.expiryDate})` : null}
                          {s.paymentMethod ? '.' : null}
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
