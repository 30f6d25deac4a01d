import { Badge, Flex, plainProps, Table, Text } from '#app/components/themes'
import { useId, useRef } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Company } from '#protocol/entities'
import { formatDate } from '#protocol/shared/dates'
import { licenseWords } from '#app/rules/license'
import { displayName } from '#protocol/catalog/products'
import type { LicensePage } from '#app/rules/manage-view'
import { CopyAnnouncement, CopyButton, useCopyButtons } from '#app/components/copy-text'
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

// Each row's parts as plain elements, their markup worked out once: the table repeats them 50 times a page.
const row = plainProps(<Table.Row className="return-point" />)
const rowHeader = plainProps(<Table.RowHeaderCell />)
const cell = plainProps(<Table.Cell />)
const keyCell = plainProps(
  <Flex asChild gap="2" wrap="wrap" align="center">
    <span />
  </Flex>,
)
const lapsing = plainProps(<Badge color="amber" ml="2" />)
const expired = plainProps(<Badge color="red" ml="2" />)
const unassigned = plainProps(<Text size="2" color="gray" />)

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
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Product</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Order #</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Key #</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>License Key</Table.ColumnHeaderCell>
              {showAssigned ? <Table.ColumnHeaderCell>Assigned To</Table.ColumnHeaderCell> : null}
              <Table.ColumnHeaderCell>Expiry Date</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body ref={body}>
            {rows.map((license, index) => (
              // Each row is where a change of its license returns to (focused with script, the fragment without).
              <tr key={`${license.owner}:${license.id}`} {...row({ id: anchors.license(license), tabIndex: -1 })}>
                <th {...rowHeader()}>
                  {displayName(license)}
                  {license.lapsing ? <span {...lapsing()}>Lapsing</span> : null}
                </th>
                <td {...cell()}>
                  <OrderNumber license={license} company={company} />
                </td>
                <td {...cell()}>{license.key}</td>
                <td {...cell()}>
                  <span {...keyCell()}>
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
                  <td {...cell()}>{license.assignedTo || <span {...unassigned()}>Unassigned</span>}</td>
                ) : null}
                <td {...cell()}>
                  <time dateTime={new Date(license.expiration).toISOString()}>
                    {formatDate(license.expiration, { utc: true })}
                  </time>
                  {isExpired(license, now) ? <span {...expired()}>Expired</span> : null}
                </td>
                <td {...cell()}>
                  <LicenseActions license={license} company={company} admin={admin} now={now} />
                </td>
              </tr>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
      <CopyAnnouncement message={message} />
      <LicensePaging licenses={licenses} caption={caption} search={search} />
    </div>
  )
}
