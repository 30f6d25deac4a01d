import { json, type MetaFunction } from '@remix-run/node'
import { Link as RemixLink, useLoaderData } from '@remix-run/react'
import { Container, Heading, Link, Text } from '#app/components/themes'
import { portalEnv } from '#app/utils/env.server'
import type { FrameHandle } from '#app/root'

/** Spec §2 "Support has /help and /contact/": the configured support address. */
export function loader() {
  return json({ supportEmail: portalEnv().supportEmail })
}

/** Nothing to do in the browser (decision 20). */
export const handle: FrameHandle = { scripts: false }

export const meta: MetaFunction = () => [{ title: 'Contact | License Portal' }]

export default function ContactRoute() {
  const { supportEmail } = useLoaderData<typeof loader>()
  return (
    <Container size="2" px="4" py="6">
      <Heading as="h1" size="8" mb="3">
        Contact
      </Heading>
      <Text as="p" size="3" mb="3">
        Questions about your licenses, subscriptions, payments or activation? Write to support at{' '}
        <Link href={`mailto:${supportEmail}`} underline="always">
          {supportEmail}
        </Link>
        . Please name your order number or license key number if your question is about a license.
      </Text>
      <Text as="p" size="3">
        Many answers are already in the{' '}
        <Link asChild underline="always">
          <RemixLink to="/help/">help</RemixLink>
        </Link>
        .
      </Text>
    </Container>
  )
}
