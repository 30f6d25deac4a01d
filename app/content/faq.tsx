import type { ReactNode } from 'react'
import { Link as RemixLink } from '@remix-run/react'
import { Box, Card, Flex, Grid, Heading, Link, Text } from '#app/components/themes'
import { useSupportEmail } from '#app/utils/support-email'
import { shopPath } from '#protocol/catalog/paths'

// The shop's FAQ (spec §2 "FAQ page", figures from §9): `<details>` accordions, open and closed without script.

export type FaqProduct = { slug: string; name: string }

export type FaqEntry = { id: string; question: string; answer: ReactNode }

function P({ children }: { children: ReactNode }) {
  return (
    <Text as="p" size="3" mb="3">
      {children}
    </Text>
  )
}

function PortalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild underline="always">
      <RemixLink to={to}>{children}</RemixLink>
    </Link>
  )
}

export function faqEntries(product: FaqProduct, supportEmail: string): FaqEntry[] {
  const name = product.name
  return [
    {
      id: 'pro-vs-community',
      question: 'What is the difference between PRO and Community?',
      answer: (
        <>
          <P>
            The Community edition of {name} is free and covers the everyday features. PRO adds the advanced features,
            priority support and every new PRO feature released while your license is current.
          </P>
          <P>You can start with Community and upgrade to PRO at any time; your settings stay as they are.</P>
        </>
      ),
    },
    {
      id: 'individual-vs-organization',
      question: 'What is the difference between individual and organization licenses?',
      answer: (
        <>
          <P>
            An individual license belongs to one person, who may use it on their own computers, whoever pays for it. It
            cannot be handed on to somebody else.
          </P>
          <P>
            An organization license belongs to the company that buys it. Choose how many users it covers (1 to 100); the
            company&apos;s administrators assign the licenses to team members by email on the{' '}
            <PortalLink to="/manage">Manage Licenses</PortalLink> page and can reassign them when people join or leave.
          </P>
        </>
      ),
    },
    {
      id: 'billing',
      question: 'How does billing work?',
      answer: (
        <>
          <P>
            Subscriptions are billed monthly (every 30 days) or annually, in advance, by card or PayPal. Annual prices
            are shown per month for comparison and charged once a year. Prices are shown in your currency, with the
            sales tax or VAT of your country added where it applies.
          </P>
          <P>
            Organizations can add users at any time: the extra licenses are charged pro rata for the rest of the billing
            period.
          </P>
        </>
      ),
    },
    {
      id: 'refunds',
      question: 'What is your refund policy?',
      answer: (
        <P>
          Annual subscriptions can be refunded in full within 7 days of payment: write to{' '}
          <Link href={`mailto:${supportEmail}`} underline="always">
            {supportEmail}
          </Link>{' '}
          with your order number. Monthly subscriptions are not refunded; cancel before the next payment and nothing
          more is charged.
        </P>
      ),
    },
    {
      id: 'activation',
      question: 'How do I activate my license?',
      answer: (
        <>
          <P>
            Your license key is emailed to you (or to the person the license is assigned to) right after the purchase.
            Enter it in {name} in your editor; we then email a link that confirms the activation on that computer.
          </P>
          <P>
            A license can be active in up to 3 locations at once. To move it to a new computer, choose which earlier
            activation to remove when you confirm.
          </P>
        </>
      ),
    },
    {
      id: 'offline-keys',
      question: 'Can I use my license without an internet connection?',
      answer: (
        <P>
          Yes. Company license owners can download offline keys from the{' '}
          <PortalLink to="/manage">Manage Licenses</PortalLink> page and use them on computers that never go online.
          Offline keys are not available for trials, Open Source licenses or monthly subscriptions; see{' '}
          <PortalLink to="/help/#offline-activation">Offline Activation</PortalLink> in the help.
        </P>
      ),
    },
    {
      id: 'auto-renew',
      question: 'Does my subscription renew automatically, and how do I cancel?',
      answer: (
        <>
          <P>
            Yes: subscriptions renew automatically at the end of each billing period, and we email a reminder 2 days
            before each renewal.
          </P>
          <P>
            You can pause or cancel at any time on the <PortalLink to="/manage">Manage Licenses</PortalLink> page. After
            cancelling, your licenses keep working until the end of the period you have paid for.
          </P>
        </>
      ),
    },
  ]
}

export function FaqAccordions({ product, headingId }: { product: FaqProduct; headingId: string }) {
  const supportEmail = useSupportEmail()
  return (
    <Box asChild>
      <section aria-labelledby={headingId} className="shop-faq">
        <Heading as="h2" size="6" mb="4" id={headingId}>
          Frequently asked questions
        </Heading>
        {faqEntries(product, supportEmail).map((entry) => (
          <details key={entry.id} id={entry.id} className="shop-faq__item">
            <summary className="shop-faq__question">
              <Text size="4" weight="medium">
                {entry.question}
              </Text>
            </summary>
            <Box className="shop-faq__answer">{entry.answer}</Box>
          </details>
        ))}
      </section>
    </Box>
  )
}

/** The vendor's other products, each with its store link. */
export function CrossPromotion({
  products,
  current,
  linkTarget,
}: {
  products: readonly FaqProduct[]
  current?: string
  /** Where the section is shown inside another page's frame (the upsell preview). */
  linkTarget?: '_top'
}) {
  const others = products.filter((p) => p.slug !== current)
  if (others.length === 0) return null
  return (
    <Box asChild>
      <section aria-labelledby="cross-promotion-heading" className="shop-cross-promotion">
        <Heading as="h2" size="6" mb="2" id="cross-promotion-heading">
          More tools for faster feedback
        </Heading>
        <Text as="p" size="3" mb="4" color="gray">
          Made by the same team, with the same licensing: one account, one place to manage them.
        </Text>
        {/* Cards of one width, side by side where there is room, whatever their names' lengths. */}
        <Grid columns={{ initial: '1', sm: '2' }} gap="4" asChild>
          <ul className="shop-plain-list">
            {others.map((p) => (
              <li key={p.slug}>
                <Card size="2">
                  <Heading as="h3" size="4" mb="2">
                    {p.name}
                  </Heading>
                  <Flex direction="column" align="start" gap="2">
                    <Link asChild underline="always">
                      <RemixLink to={shopPath(p.slug)} target={linkTarget}>
                        Buy {p.name}
                      </RemixLink>
                    </Link>
                    <Link asChild underline="always">
                      <RemixLink to={shopPath(p.slug, 'faq')} target={linkTarget}>
                        {p.name} FAQ
                      </RemixLink>
                    </Link>
                  </Flex>
                </Card>
              </li>
            ))}
          </ul>
        </Grid>
      </section>
    </Box>
  )
}
