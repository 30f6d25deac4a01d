import { Button } from '@radix-ui/themes'
import { Link, useLocation } from '@remix-run/react'
import { dialogUrl, type DialogTarget } from './urls'

/** A company section's link that opens a dialog about the company, keeping the page's view. */
export function SectionLink({
  target,
  label,
  companyName,
  labelFor = label,
}: {
  target: DialogTarget
  label: string
  companyName: string
  /** What the link does, named for a screen reader as "… for {company}" (the visible label by default). */
  labelFor?: string
}) {
  const location = useLocation()
  return (
    <Button asChild variant="soft" size="2">
      <Link to={dialogUrl(target, location.search)} preventScrollReset aria-label={`${labelFor} for ${companyName}`}>
        {label}
      </Link>
    </Button>
  )
}
