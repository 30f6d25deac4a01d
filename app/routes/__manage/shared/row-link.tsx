import type { ReactNode } from 'react'
import { accent, rt } from '#app/components/radix-classes'
import { ROUTE_LINK } from '#app/components/route-links'

/** A row's dialog link, as a link or a small button; `label` names the row for screen readers. */
export function RowLink(props: { to: string; label: string; look?: 'link' | 'button'; children: ReactNode }) {
  const { to, label, look = 'link', children } = props
  const className = look === 'button' ? rt.softButton1 : rt.linkUnderlined
  return (
    <a href={to} aria-label={label} className={className} {...accent} {...ROUTE_LINK}>
      {children}
    </a>
  )
}
