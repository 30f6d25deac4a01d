import { useNavigate } from '@remix-run/react'
import { useEffect } from 'react'
import type { Details } from '#protocol/operations'
import { shouldAutoOpenBulkAssign } from '#app/rules/company'

/**
 * Spec §2: Bulk Assign opens by itself once, when the user has exactly one company, can assign there and has no
 * assigned license yet. The page asks for it with `auto=1`; the dialog's loader opens it and records hideBulkAssign
 * (a remembered preference), or — when that is already recorded — sends the page back to itself.
 */
export function useAutoOpenBulkAssign(details: Details, dialogOpen: boolean) {
  const navigate = useNavigate()
  const company = details.body.companies[0]
  const wanted = !dialogOpen && shouldAutoOpenBulkAssign(details)
  useEffect(() => {
    if (wanted && company) {
      navigate(`/manage?dialog=bulk-assign&company=${encodeURIComponent(company.id)}&auto=1`, {
        replace: true,
        preventScrollReset: true,
      })
    }
    // Once per page load: the loader answers with the dialog or with the page, and the flag is then recorded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
