import { isRouteErrorResponse, Link as RemixLink, useRouteError } from '@remix-run/react'
import { Container, Flex, Heading, Link, Text } from '#app/components/themes'
import { useSupportEmail } from '#app/utils/support-email'

/** The shop routes' error boundary: a human message, never a stack. */
export function ShopErrorBoundary() {
  const supportEmail = useSupportEmail()
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <Container size="2" px="4" py="9">
      <Heading as="h1" size="8" mb="3">
        {notFound ? 'Product not found' : 'The shop is unavailable'}
      </Heading>
      <Text as="p" size="3" mb="5">
        {notFound ? (
          'There is no such product in our shop.'
        ) : (
          <>
            Something went wrong while loading this page. Please try again in a moment; if it keeps happening, write to{' '}
            <Link href={`mailto:${supportEmail}`} underline="always">
              {supportEmail}
            </Link>
            .
          </>
        )}
      </Text>
      <Flex gap="5" wrap="wrap">
        <Link asChild size="3" underline="always">
          <RemixLink to="/shop/">See all products</RemixLink>
        </Link>
        <Link asChild size="3" underline="always">
          <RemixLink to="/">Go to the home page</RemixLink>
        </Link>
      </Flex>
    </Container>
  )
}
