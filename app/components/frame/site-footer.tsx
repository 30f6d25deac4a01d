import type { ReactNode } from 'react'
import { Link as RemixLink } from '@remix-run/react'
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

export function SiteFooter() {
  // UTC on both sides, so the server's and the browser's year agree during hydration on New Year's Eve.
  const year = new Date().getUTCFullYear()
  return (
    <footer className="site-footer">
      {/* <Container size="4" px="4" py="6"> */}
      <div className="rt-Container rt-r-size-4 rt-r-px-4 rt-r-py-6">
        <div className="rt-ContainerInner">
          {/* <Grid columns={{ initial: '1', sm: '3' }} gap="5"> */}
          <div className="rt-Grid rt-r-gtc-1 sm:rt-r-gtc-3 rt-r-gap-5">
            {COLUMNS.map((column) => (
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
              <a data-accent-color="gray" href={`${VENDOR_SITE}/privacy/`} className={LINK}>
                Privacy Policy
              </a>
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
