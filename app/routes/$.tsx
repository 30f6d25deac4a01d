import { json, type MetaFunction } from '@remix-run/node'
import { Link as RemixLink, useLocation } from '@remix-run/react'
import { Code, Container, Flex, Heading, Link, Text } from '#app/components/themes'
import type { FrameHandle } from '#app/root'

// Any path no other route matches: the normal frame, with status 404.
export function loader() {
  return json({ notFound: true }, { status: 404 })
}

// A form posted to an unknown path is just as not found (instead of a 405 for a missing action).
export function action() {
  return json({ notFound: true }, { status: 404 })
}

export default function NotFoundRoute() {
  const location = useLocation()
  return (
    <Container size="2" px="4" py="9">
      <Heading as="h1" size="8" mb="3">
        Page not found
      </Heading>
      <Text as="p" size="3" mb="2">
        There is no page at <Code variant="ghost">{location.pathname}</Code>.
      </Text>
      <Text as="p" size="3" mb="5">
        Check the address for typing mistakes, or continue from one of these pages.
      </Text>
      <Flex gap="5" wrap="wrap">
        <Link asChild size="3" underline="always">
          <RemixLink to="/">Go to the home page</RemixLink>
        </Link>
        <Link asChild size="3" underline="always">
          <RemixLink to="/help/">Read the help</RemixLink>
        </Link>
      </Flex>
    </Container>
  )
}

/** Nothing to do in the browser (decision 20). */
export const handle: FrameHandle = { scripts: false }

export const meta: MetaFunction = () => [{ title: 'Page not found | License Portal' }]

export function ErrorBoundary() {
  return (
    <Container size="2" px="4" py="9">
      <Heading as="h1" size="8" mb="3">
        Page not found
      </Heading>
      <Text as="p" size="3" mb="5">
        There is no page at this address.
      </Text>
      <Link asChild size="3" underline="always">
        <RemixLink to="/">Go to the home page</RemixLink>
      </Link>
    </Container>
  )
}
