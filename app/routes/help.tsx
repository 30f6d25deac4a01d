import { useEffect } from 'react'
import type { MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, Link as RemixLink, useLocation, useRouteError } from '@remix-run/react'
import { Box, Container, Heading, Link, Text } from '#app/components/themes'
import { helpPageSections } from '#app/content/help-sections'
import { HELP_SCROLL_OFFSET_PX } from '#app/rules/help'
import type { FrameHandle } from '#app/root'

function scrollToSection(hash: string) {
  if (hash.length < 2) return
  let id: string
  try {
    id = decodeURIComponent(hash.slice(1))
  } catch {
    return
  }
  const section = document.getElementById(id)
  if (!section) return
  const top = section.getBoundingClientRect().top + window.scrollY - HELP_SCROLL_OFFSET_PX
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top, behavior: reduceMotion ? 'auto' : 'smooth' })
}

export default function HelpRoute() {
  const location = useLocation()

  // Router links change location.hash; a typed hash fires only hashchange. Without script the browser jumps itself.
  useEffect(() => {
    scrollToSection(location.hash)
  }, [location.hash, location.key])

  useEffect(() => {
    const onHashChange = () => scrollToSection(window.location.hash)
    window.addEventListener('hashchange', onHashChange)
    return () => window.removeEventListener('hashchange', onHashChange)
  }, [])

  return (
    <Container size="3" px="4" py="6" className="help-page">
      <Heading as="h1" size="8" mb="3">
        Help
      </Heading>
      <Text as="p" size="3" color="gray" mb="5">
        How to sign in, activate, renew, buy and assign licenses, and manage who may do what in your company.
      </Text>

      <Box asChild mb="6">
        <nav aria-labelledby="help-contents" className="help-contents">
          <Text as="p" id="help-contents" size="2" weight="bold" mb="2">
            On this page
          </Text>
          <ul>
            {helpPageSections.map((section) => (
              <li key={section.id}>
                <Link asChild size="2" underline="hover">
                  <RemixLink to={section.href} preventScrollReset>
                    {section.heading}
                  </RemixLink>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Box>

      {helpPageSections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="help-section">
          <Heading as="h2" size="6" mb="3" id={`${section.id}-heading`}>
            <Link asChild highContrast underline="hover">
              <RemixLink to={section.href} preventScrollReset>
                {section.heading}
              </RemixLink>
            </Link>
          </Heading>
          {section.body}
        </section>
      ))}
    </Container>
  )
}

/** Nothing to do in the browser: its links are plain links, and the CSS scrolls to a section (decision 20). */
export const handle: FrameHandle = { scripts: false }

export const meta: MetaFunction = () => [{ title: 'Help | License Portal' }]

export function ErrorBoundary() {
  const error = useRouteError()
  return (
    <Container size="2" px="4" py="6">
      <Heading as="h1" size="7" mb="3">
        Help is unavailable
      </Heading>
      <Text as="p" size="3" mb="4">
        {isRouteErrorResponse(error) && error.status === 404
          ? 'This help page does not exist.'
          : 'Something went wrong while showing the help page. Please try again in a moment.'}
      </Text>
      <Link asChild>
        <RemixLink to="/">Go to the home page</RemixLink>
      </Link>
    </Container>
  )
}
