import type { ReactNode } from 'react'
import { Link as RemixLink } from '@remix-run/react'
import { Container, Flex, Grid, IconButton, Link, Separator, Text } from '@radix-ui/themes'
import { GitHubIcon, MailIcon, XLogoIcon } from '#app/components/icons'

// Pages of the vendor's own website live outside this portal; pages of the portal are client-side links.
const VENDOR_SITE = 'https://license-portal.test'

type FooterLink = { label: string; href: string; external?: boolean }
type FooterColumn = { id: string; title: string; links: FooterLink[] }

const COLUMNS: FooterColumn[] = [
  {
    id: 'footer-company',
    title: 'Company',
    links: [
      { label: 'About', href: `${VENDOR_SITE}/about/`, external: true },
      { label: 'Blog', href: `${VENDOR_SITE}/blog/`, external: true },
      { label: 'Terms of Use', href: `${VENDOR_SITE}/terms/`, external: true },
    ],
  },
  {
    id: 'footer-products',
    title: 'Products',
    links: [
      { label: 'Console Ninja', href: '/shop/console-ninja/buy/' },
      { label: 'Wallaby', href: '/shop/wallaby/buy/' },
      { label: 'Quokka', href: '/shop/quokka/buy/' },
    ],
  },
  {
    id: 'footer-support',
    title: 'Support',
    links: [
      { label: 'Help', href: '/help/' },
      { label: 'Contact', href: '/contact/' },
    ],
  },
]

const SOCIAL: Array<{ label: string; href: string; icon: ReactNode }> = [
  { label: 'GitHub', href: 'https://github.com/license-portal', icon: <GitHubIcon /> },
  { label: 'X (formerly Twitter)', href: 'https://x.com/license_portal', icon: <XLogoIcon /> },
  { label: 'Email support', href: 'mailto:support@license-portal.test', icon: <MailIcon /> },
]

function FooterLinkItem({ link }: { link: FooterLink }) {
  return (
    <li>
      {link.external ? (
        <Link href={link.href} size="2" color="gray" highContrast underline="hover">
          {link.label}
        </Link>
      ) : (
        <Link asChild size="2" color="gray" highContrast underline="hover">
          <RemixLink to={link.href}>{link.label}</RemixLink>
        </Link>
      )}
    </li>
  )
}

export function SiteFooter() {
  // UTC on both sides, so the server's and the browser's year agree during hydration on New Year's Eve.
  const year = new Date().getUTCFullYear()
  return (
    <footer className="site-footer">
      <Container size="4" px="4" py="6">
        <Grid columns={{ initial: '1', sm: '3' }} gap="5">
          {COLUMNS.map((column) => (
            <nav key={column.id} aria-labelledby={column.id}>
              <Text as="p" id={column.id} size="2" weight="bold" mb="2">
                {column.title}
              </Text>
              <ul className="site-footer__list">
                {column.links.map((link) => (
                  <FooterLinkItem key={link.href} link={link} />
                ))}
              </ul>
            </nav>
          ))}
        </Grid>
        <Separator size="4" my="5" />
        <Flex direction={{ initial: 'column', sm: 'row' }} justify="between" align={{ sm: 'center' }} gap="3">
          <Flex align="center" gap="4" wrap="wrap">
            <Text as="p" size="2" color="gray">
              © {year} License Portal. All rights reserved.
            </Text>
            <Link href={`${VENDOR_SITE}/privacy/`} size="2" color="gray" highContrast underline="hover">
              Privacy Policy
            </Link>
          </Flex>
          <ul className="site-footer__social" aria-label="Social and contact">
            {SOCIAL.map((item) => (
              <li key={item.href}>
                <IconButton asChild variant="ghost" color="gray" highContrast size="3">
                  <a href={item.href} aria-label={item.label}>
                    {item.icon}
                  </a>
                </IconButton>
              </li>
            ))}
          </ul>
        </Flex>
      </Container>
    </footer>
  )
}
