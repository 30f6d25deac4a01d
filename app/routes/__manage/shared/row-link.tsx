import type { ReactNode } from 'react'
import { accent, rt } from '#app/components/radix-classes'
import { ROUTE_LINK } from '#app/components/route-links'

/** A row's dialog link (`<Link size="2" underline="always">`'s markup); `label` names the row for screen readers. */
export function RowLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <a href={to} aria-label={label} className={rt.linkUnderlined} {...accent} {...ROUTE_LINK}>
      {children}
    </a>
  )
}
