import type { ReactNode } from 'react'
import { Link as RemixLink } from '@remix-run/react'
import { GitHubIcon, MailIcon, XLogoIcon } from '#app/components/icons'
import { Container, Flex, Grid, IconButton, Link, Separator, Text } from '#app/components/themes'

/** The vendor's own pages (configured, FOOTER_*_URL): outside this portal; an unset one is left out. */
export type VendorLinks = { about?: string; blog?: string; terms?: string; privacy?: string }

type FooterLink = { label: string; href: string; external?: boolean }
type FooterColumn = { id: string; title: string; links: FooterLink[] }

function companyColumn(vendor: VendorLinks): FooterColumn {
  const links: FooterLink[] = []
  if (vendor.about) links.push({ label: 'About', href: vendor.about, external: true })
  if (vendor.blog) links.push({ label: 'Blog', href: vendor.blog, external: true })
  if (vendor.terms) links.push({ label: 'Terms of Use', href: vendor.terms, external: true })
  return { id: 'footer-company', title: 'Company', links }
}

const PORTAL_COLUMNS: FooterColumn[] = [
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
  // The contact page shows the support address the portal is configured with.
  { label: 'Contact support', href: '/contact/', icon: <MailIcon /> },
]

function FooterLinkItem({ link }: { link: FooterLink }) {
  return (
    <li>
      <Link asChild size="2" color="gray" highContrast underline="hover">
        {link.external ? <a href={link.href}>{link.label}</a> : <RemixLink to={link.href}>{link.label}</RemixLink>}
      </Link>
    </li>
  )
}

export function SiteFooter({ vendor }: { vendor: VendorLinks }) {
  // UTC on both sides, so the server's and the browser's year agree during hydration on New Year's Eve.
  const year = new Date().getUTCFullYear()
  const columns = [companyColumn(vendor), ...PORTAL_COLUMNS].filter((column) => column.links.length > 0)
  return (
    <footer className="site-footer">
      <Container size="4" px="4" py="6">
        {/* Two columns without the vendor's pages. */}
        <Grid columns={columns.length === 2 ? { initial: '1', sm: '2' } : { initial: '1', sm: '3' }} gap="5">
          {columns.map((column) => (
            <nav key={column.id} aria-labelledby={column.id}>
              <Text as="p" size="2" weight="bold" mb="2" id={column.id}>
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
            {vendor.privacy ? (
              <Link size="2" color="gray" highContrast underline="hover" href={vendor.privacy}>
                Privacy Policy
              </Link>
            ) : null}
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
