import { Button } from '#app/components/themes'
import { Link, useLocation } from '@remix-run/react'
import { dialogUrl, type DialogTarget } from './urls'

/** A company section's dialog link named "label for company", so a voice-control user saying the label reaches it. */
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
