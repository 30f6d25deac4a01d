import { Link } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Company, License } from '#protocol/entities'
import { showReceipt } from '#app/rules/license'

/** The address that sends the browser to a license's receipt (spec §7 retrieveReceipt). */
export function receiptHref(license: Pick<License, 'id' | 'owner'>): string {
  const params = new URLSearchParams({ dialog: 'receipt', license: license.id, owner: license.owner })
  return `/manage?${params}`
}

/** A link to the license's receipt: a new tab with script, this tab without. */
function ReceiptAnchor({ license, children }: { license: License; children: ReactNode }) {
  const hydrated = useHydrated()
  return (
    <Link
      href={receiptHref(license)}
      title={`Receipt for order ${license.order}`}
      size="2"
      target={hydrated ? '_blank' : undefined}
      rel={hydrated ? 'noopener' : undefined}
    >
      {children}
    </Link>
  )
}

/**
 * The order number of a license row as the link to its receipt when the user can view receipts (spec §2: "link on
 * the order number"), else the plain number. For the license table's Order # cell.
 */
export function OrderNumber({ license, company }: { license: License; company?: Company }) {
  if (!showReceipt(license, company)) return <>{license.order}</>
  return (
    // The cell's column says "Order #"; the link's description says where it goes.
    <ReceiptAnchor license={license}>{license.order}</ReceiptAnchor>
  )
}
