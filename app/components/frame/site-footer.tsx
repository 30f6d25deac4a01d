import type { ReactNode } from 'react'
import { Link as RemixLink } from '@remix-run/react'
import { GitHubIcon, MailIcon, XLogoIcon } from '#app/components/icons'

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

// Plain elements with the classes Radix Themes renders for the props named beside them: the footer is on every page.
/** `<Link size="2" color="gray" highContrast underline="hover">` */
const LINK = 'rt-Text rt-reset rt-Link rt-r-size-2 rt-underline-hover rt-high-contrast'
/** `<IconButton variant="ghost" color="gray" highContrast size="3">` */
const ICON_BUTTON = 'rt-reset rt-BaseButton rt-r-size-3 rt-variant-ghost rt-high-contrast rt-IconButton'

function FooterLinkItem({ link }: { link: FooterLink }) {
  return (
    <li>
      {link.external ? (
        <a data-accent-color="gray" href={link.href} className={LINK}>
          {link.label}
        </a>
      ) : (
        <RemixLink data-accent-color="gray" className={LINK} to={link.href}>
          {link.label}
        </RemixLink>
      )}
    </li>
  )
}

export function SiteFooter({ vendor }: { vendor: VendorLinks }) {
  // UTC on both sides, so the server's and the browser's year agree during hydration on New Year's Eve.
  const year = new Date().getUTCFullYear()
  const columns = [companyColumn(vendor), ...PORTAL_COLUMNS].filter((column) => column.links.length > 0)
  return (
    <footer className="site-footer">
      {/* <Container size="4" px="4" py="6"> */}
      <div className="rt-Container rt-r-size-4 rt-r-px-4 rt-r-py-6">
        <div className="rt-ContainerInner">
          {/* <Grid columns={{ initial: '1', sm: '3' }} gap="5">, two columns without the vendor's pages */}
          <div className={`rt-Grid rt-r-gtc-1 ${columns.length === 2 ? 'sm:rt-r-gtc-2' : 'sm:rt-r-gtc-3'} rt-r-gap-5`}>
            {columns.map((column) => (
              <nav key={column.id} aria-labelledby={column.id}>
                {/* <Text as="p" size="2" weight="bold" mb="2"> */}
                <p id={column.id} className="rt-Text rt-r-size-2 rt-r-weight-bold rt-r-mb-2">
                  {column.title}
                </p>
                <ul className="site-footer__list">
                  {column.links.map((link) => (
                    <FooterLinkItem key={link.href} link={link} />
                  ))}
                </ul>
              </nav>
            ))}
          </div>
          {/* <Separator size="4" my="5" /> */}
          <span data-accent-color="gray" className="rt-Separator rt-r-orientation-horizontal rt-r-size-4 rt-r-my-5" />
          {/* <Flex direction={{ initial: 'column', sm: 'row' }} justify="between" align={{ sm: 'center' }} gap="3"> */}
          <div className="rt-Flex rt-r-fd-column sm:rt-r-fd-row sm:rt-r-ai-center rt-r-jc-space-between rt-r-gap-3">
            {/* <Flex align="center" gap="4" wrap="wrap"> */}
            <div className="rt-Flex rt-r-ai-center rt-r-fw-wrap rt-r-gap-4">
              {/* <Text as="p" size="2" color="gray"> */}
              <p data-accent-color="gray" className="rt-Text rt-r-size-2">
                © {year} License Portal. All rights reserved.
              </p>
              {vendor.privacy ? (
                <a data-accent-color="gray" href={vendor.privacy} className={LINK}>
                  Privacy Policy
                </a>
              ) : null}
            </div>
            <ul className="site-footer__social" aria-label="Social and contact">
              {SOCIAL.map((item) => (
                <li key={item.href}>
                  <a href={item.href} aria-label={item.label} data-accent-color="gray" className={ICON_BUTTON}>
                    {item.icon}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </footer>
  )
}
