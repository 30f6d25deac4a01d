import type { ReactNode } from 'react'
import { accent, rt } from '#app/components/radix-classes'
import { ROUTE_LINK } from '#app/components/route-links'

/**
 * A dialog link of a row that repeats (license rows, subscription cards): `<Link size="2" underline="always">`'s
 * markup on a plain anchor, followed by the router through its list's one listener (`useRouteLinks`). `label` says
 * which row it acts on, for people who hear the link rather than see its row.
 */
export function RowLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <a href={to} aria-label={label} className={rt.linkUnderlined} {...accent} {...ROUTE_LINK}>
      {children}
    </a>
  )
}
