import { Flex, Table, Text } from '@radix-ui/themes'
import { Link } from '@remix-run/react'
import { useId, useRef, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Company } from '#protocol/entities'
import { formatDate } from '#app/rules/dates'
import { displayName, isExpired, licenseWords } from '#app/rules/license'
import { LICENSES_PER_PAGE, type LicensePage } from '#app/rules/manage-view'
import { CopyAnnouncement, CopyButton, useCopyButtons } from '#app/components/copy-text'
import { accentColor, rt } from '#app/components/radix-classes'
import { useRouteLinks } from '#app/components/route-links'
import { hasLicenseActions, LicenseActions } from './license-actions'
import { OrderNumber } from './renewals/receipt-link'

type LicenseTableProps = {
  /** The visible page of the table, already in the spec's order (§4), with the size of the whole. */
  licenses: LicensePage
  now: number
  caption: string
  company?: Company
  admin: boolean
  /** The address of another page of the table (a URL: works without script). */
  href: (page: number) => string
}

/**
 * A table's rows are plain table elements with Radix Themes' table classes (the markup `Table.Row`/`Table.Cell` and
 * `Badge` render): a page has fifty rows of six cells, and the components' prop handling per cell is most of the cost
 * of rendering the page on the server.
 */
function Badge({ color, children }: { color: 'amber' | 'red'; children: ReactNode }) {
  return (
    <span className={rt.badgeMl2} {...accentColor(color)}>
      {children}
    </span>
  )
}

const cell = rt.tableCell

/** A license table in the spec's order (§4): Open Source, bundle, wallaby, others; then order, key, later expiry. */
export function LicenseTable({ licenses, now, caption, company, admin, href }: LicenseTableProps) {
  const actions = hasLicenseActions()
  const { rows, page, pages, total } = licenses
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
    <>
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
            {actions ? (
              <th className={rt.columnHeaderCell} scope="col">
                Actions
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className={rt.tableBody} ref={body}>
          {rows.map((license, index) => (
            <tr className={rt.tableRow} key={`${license.owner}:${license.id}`}>
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
              {actions ? (
                <td className={cell}>
                  <LicenseActions license={license} company={company} admin={admin} now={now} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </Table.Root>
      <CopyAnnouncement message={message} />
      {pages > 1 ? <Pagination caption={caption} page={page} pages={pages} total={total} href={href} /> : null}
    </>
  )
}

function Pagination({
  caption,
  page,
  pages,
  total,
  href,
}: {
  caption: string
  page: number
  pages: number
  total: number
  href: (page: number) => string
}) {
  const first = (page - 1) * LICENSES_PER_PAGE + 1
  const last = Math.min(page * LICENSES_PER_PAGE, total)
  return (
    <Flex asChild gap="3" align="center" wrap="wrap" mb="4">
      <nav aria-label={`${caption} pages`}>
        <Text size="2">
          {first}–{last} of {total.toLocaleString('en-US')}
        </Text>
        {page > 1 ? (
          <Link to={href(page - 1)} preventScrollReset>
            Previous page
          </Link>
        ) : null}
        {Array.from({ length: pages }, (_, i) => i + 1)
          .filter((p) => p === 1 || p === pages || Math.abs(p - page) <= 2)
          .map((p) =>
            p === page ? (
              <Text key={p} size="2" weight="bold" aria-current="page">
                {p}
              </Text>
            ) : (
              <Link key={p} to={href(p)} preventScrollReset aria-label={`Page ${p}`}>
                {p}
              </Link>
            ),
          )}
        {page < pages ? (
          <Link to={href(page + 1)} preventScrollReset>
            Next page
          </Link>
        ) : null}
      </nav>
    </Flex>
  )
}
