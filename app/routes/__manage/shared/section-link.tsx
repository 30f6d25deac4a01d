import { Button } from '@radix-ui/themes'
import { Link, useLocation } from '@remix-run/react'
import { dialogUrl, type DialogTarget } from './urls'

/**
 * A company section's link that opens a dialog about the company, keeping the page's view. Its accessible name is the
 * visible label followed by the company ("Import CSV for Acme Corp"), so that a voice-control user saying the label
 * reaches it (WCAG 2.5.3).
 */
export function SectionLink({
  target,
  label,
  companyName,
}: {
  target: DialogTarget
  label: string
  companyName: string
}) {
  const location = useLocation()
  return (
    <Button asChild variant="soft" size="2">
      <Link to={dialogUrl(target, location.search)} preventScrollReset aria-label={`${label} for ${companyName}`}>
        {label}
      </Link>
    </Button>
  )
}
