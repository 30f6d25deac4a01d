import type { ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Company, License } from '#protocol/entities'
import { showReceipt } from '#app/rules/license'
import { accent, rt } from '#app/components/radix-classes'

/** The address that sends the browser to a license's receipt (spec §7 retrieveReceipt). */
export function receiptHref(license: Pick<License, 'id' | 'owner'>): string {
  const params = new URLSearchParams({ dialog: 'receipt', license: license.id, owner: license.owner })
  return `/manage?${params}`
}

/**
 * A link to the license's receipt: a new tab with script, this tab without. A plain anchor with `<Link size="2">`'s
 * classes: this repeats on every row (see radix-classes).
 */
function ReceiptAnchor({ license, children }: { license: License; children: ReactNode }) {
  const hydrated = useHydrated()
  return (
    // The same attributes the Radix Link carried: a same-origin address, opened with noopener (the rule asks for
    // noreferrer on every dynamic address; the receipt keeps the Referer it has always been sent).
    // eslint-disable-next-line react/jsx-no-target-blank
    <a
      href={receiptHref(license)}
      title={`Receipt for order ${license.order}`}
      target={hydrated ? '_blank' : undefined}
      rel={hydrated ? 'noopener' : undefined}
      className={rt.link}
      {...accent}
    >
      {children}
    </a>
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
