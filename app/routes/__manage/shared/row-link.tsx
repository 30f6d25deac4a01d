import type { ReactNode } from 'react'
import { Button, Link, plainProps } from '#app/components/themes'
import { ROUTE_LINK } from '#app/components/route-links'

// On every row: plain elements (plainProps).
const asLink = plainProps(
  <Link asChild size="2" underline="always">
    <a />
  </Link>,
)
const asButton = plainProps(
  <Button asChild size="1" variant="soft">
    <a />
  </Button>,
)

/** A row's dialog link, as a link or a small button; `label` names the row for screen readers. */
export function RowLink(props: { to: string; label: string; look?: 'link' | 'button'; children: ReactNode }) {
  const { to, label, look = 'link', children } = props
  const own = { href: to, 'aria-label': label, ...ROUTE_LINK }
  return <a {...(look === 'button' ? asButton(own) : asLink(own))}>{children}</a>
}
