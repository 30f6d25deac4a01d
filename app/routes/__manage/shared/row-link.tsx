import type { ReactNode } from 'react'
import { Button, Link } from '#app/components/themes'
import { ROUTE_LINK } from '#app/components/route-links'

/** A row's dialog link, as a link or a small button; `label` names the row for screen readers. */
export function RowLink(props: { to: string; label: string; look?: 'link' | 'button'; children: ReactNode }) {
  const { to, label, look = 'link', children } = props
  const anchor = (
    <a href={to} aria-label={label} {...ROUTE_LINK}>
      {children}
    </a>
  )
  return look === 'button' ? (
    <Button asChild size="1" variant="soft">
      {anchor}
    </Button>
  ) : (
    <Link asChild size="2" underline="always">
      {anchor}
    </Link>
  )
}
