import type { ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Company, License } from '#protocol/entities'
import { showReceipt } from '#app/rules/license'
import { Link, plainProps } from '#app/components/themes'

/** Spec §7 retrieveReceipt. */
export function receiptHref(license: Pick<License, 'id' | 'owner'>): string {
  const params = new URLSearchParams({ dialog: 'receipt', license: license.id, owner: license.owner })
  return `/manage?${params}`
}

// On every row: a plain element (plainProps).
const receiptLink = plainProps(<Link size="2" />)

/** A new tab with script, this tab without. */
function ReceiptAnchor({ license, children }: { license: License; children: ReactNode }) {
  const hydrated = useHydrated()
  return (
    // A same-origin address, opened with noopener: the receipt keeps the Referer it has always been sent.
    <a
      {...receiptLink({
        href: receiptHref(license),
        title: `Receipt for order ${license.order}`,
        target: hydrated ? '_blank' : undefined,
        rel: hydrated ? 'noopener' : undefined,
      })}
    >
      {children}
    </a>
  )
}

/** Spec §2: "link on the order number" when the user can view receipts. */
export function OrderNumber({ license, company }: { license: License; company?: Company }) {
  if (!showReceipt(license, company)) return <>{license.order}</>
  return (
    // The cell's column says "Order #"; the link's description says where it goes.
    <ReceiptAnchor license={license}>{license.order}</ReceiptAnchor>
  )
}
