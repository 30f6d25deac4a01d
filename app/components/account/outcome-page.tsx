import { Card, Container, Heading, Link, Text } from '#app/components/themes'
import { Link as RemixLink } from '@remix-run/react'
import type { ReactNode } from 'react'

/** The page an emailed link opens: plain HTML, so it reads the same with script off. */
export function OutcomePage({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Container size="2" px="4" py="8">
      <Card size="3">
        <Heading as="h1" size="6" mb="3">
          {heading}
        </Heading>
        {children}
      </Card>
    </Container>
  )
}

export function OutcomeText({ children }: { children: ReactNode }) {
  return (
    <Text as="p" size="3" mb="3">
      {children}
    </Text>
  )
}

export function HomeLink({ children }: { children: ReactNode }) {
  return (
    <Link asChild size="3" underline="always">
      <RemixLink to="/">{children}</RemixLink>
    </Link>
  )
}
