import { Table } from '#app/components/themes'
import { useId, useRef, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Company } from '#protocol/entities'
import { formatDate } from '#protocol/shared/dates'
import { licenseWords } from '#app/rules/license'
import { displayName } from '#protocol/catalog/products'
import type { LicensePage } from '#app/rules/manage-view'
import { CopyAnnouncement, CopyButton, useCopyButtons } from '#app/components/copy-text'
import { accentColor, rt } from '#app/components/radix-classes'
import { useRouteLinks } from '#app/components/route-links'
import { LicenseActions } from './license-actions'
import { LicensePaging, LicenseTableCount, LicenseTableSearch } from './license-table-view'
import { isExpired } from '#protocol/licenses/licenses'
import { OrderNumber } from './renewals/receipt-link'
import { anchors } from './shared/anchors'

type LicenseTableProps = {
  /** In the spec's order (§4). */
  licenses: LicensePage
  now: number
  caption: string
  company?: Company
  admin: boolean
  search: string
}

/** Plain elements with Radix classes: the components' per-cell prop handling is most of the page's server render. */
function Badge({ color, children }: { color: 'amber' | 'red'; children: ReactNode }) {
  return (
    <span className={rt.badgeMl2} {...accentColor(color)}>
      {children}
    </span>
  )
}

const cell = rt.tableCell

/** §4 order: Open Source, bundle, wallaby, others; then order, key, later expiry. */
export function LicenseTable({ licenses, now, caption, company, admin, search }: LicenseTableProps) {
  const { rows, total } = licenses
  const body = useRef<HTMLTableSectionElement>(null)
  useRouteLinks(body)
  // The license key is what the editor is activated with: selectable text, and a copy button once script runs.
  const hydrated = useHydrated()
  const { message, copied } = useCopyButtons(body)
  const copyList = { hydrated, copied }
  const keyIds = useId()
  if (total === 0) return null
  const showAssigned = Boolean(company) || rows.some((l) => l.licenseType === 'company')
  return (
    // A link to a view of this table (a filter) lands here: focused with script, the fragment without.
    <div id={anchors.licenses(licenses.table)} tabIndex={-1} className="return-point" role="group" aria-label={caption}>
      <LicenseTableSearch licenses={licenses} caption={caption} search={search} />
      <LicenseTableCount licenses={licenses} />
      {rows.length ? (
        <Table.Root variant="surface" size="1" mb="4" className="license-table">
          <caption className="table-caption">{caption}</caption>
          <thead className={rt.tableHeader}>
            <tr className={rt.tableRow}>
              <th className={rt.columnHeaderCell} scope="col">
                Product
              </th>
              <th className={rt.columnHeaderCell} scope="col">
                Order #
              </th>
              <th className={rt.columnHeaderCell} scope="col">
                Key #
              </th>
              <th className={rt.columnHeaderCell} scope="col">
                License Key
              </th>
              {showAssigned ? (
                <th className={rt.columnHeaderCell} scope="col">
                  Assigned To
                </th>
              ) : null}
              <th className={rt.columnHeaderCell} scope="col">
                Expiry Date
              </th>
              <th className={rt.columnHeaderCell} scope="col">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className={rt.tableBody} ref={body}>
            {rows.map((license, index) => (
              // Each row is where a change of its license returns to (focused with script, the fragment without).
              <tr
                className={`${rt.tableRow} return-point`}
                key={`${license.owner}:${license.id}`}
                id={anchors.license(license)}
                tabIndex={-1}
              >
                <th className={rt.rowHeaderCell} scope="row">
                  {displayName(license)}
                  {license.lapsing ? <Badge color="amber">Lapsing</Badge> : null}
                </th>
                <td className={cell}>
                  <OrderNumber license={license} company={company} />
                </td>
                <td className={cell}>{license.key}</td>
                <td className={cell}>
                  <span className={rt.flexRowWrap}>
                    <code id={`${keyIds}-${index}`}>{license.licenseKey}</code>
                    <CopyButton
                      text={license.licenseKey}
                      shows={`${keyIds}-${index}`}
                      label={`Copy license key of ${licenseWords(license)}`}
                      list={copyList}
                    />
                  </span>
                </td>
                {showAssigned ? (
                  <td className={cell}>
                    {license.assignedTo || (
                      <span className={rt.text2} {...accentColor('gray')}>
                        Unassigned
                      </span>
                    )}
                  </td>
                ) : null}
                <td className={cell}>
                  <time dateTime={new Date(license.expiration).toISOString()}>
                    {formatDate(license.expiration, { utc: true })}
                  </time>
                  {isExpired(license, now) ? <Badge color="red">Expired</Badge> : null}
                </td>
                <td className={cell}>
                  <LicenseActions license={license} company={company} admin={admin} now={now} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table.Root>
      ) : null}
      <CopyAnnouncement message={message} />
      <LicensePaging licenses={licenses} caption={caption} search={search} />
    </div>
  )
}
