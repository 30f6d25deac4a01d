import { Badge, Flex, Table, Text } from '@radix-ui/themes'
import { Link } from '@remix-run/react'
import type { Company, License } from '#protocol/entities'
import { formatDate } from '#app/rules/dates'
import { displayName, isExpired, sortLicenses } from '#app/rules/license'
import { hasLicenseActions, LicenseActions } from './license-actions'
import { OrderNumber } from './renewals/receipt-link'

type LicenseTableProps = {
  licenses: License[]
  now: number
  caption: string
  company?: Company
  admin: boolean
  /** Which page of the sorted list to show, and how to link to another page (a URL: works without script). */
  paging?: { page: number; href: (page: number) => string }
}

/** Rows per page: a company with thousands of licenses gets a page at a time, not one enormous table. */
export const LICENSES_PER_PAGE = 50

/** A license table in the spec's order (§4): Open Source, bundle, wallaby, others; then order, key, later expiry. */
export function LicenseTable({ licenses, now, caption, company, admin, paging }: LicenseTableProps) {
  const actions = hasLicenseActions()
  if (licenses.length === 0) return null
  const all = sortLicenses(licenses)
  const pages = Math.max(1, Math.ceil(all.length / LICENSES_PER_PAGE))
  const page = Math.min(Math.max(1, paging?.page ?? 1), pages)
  const sorted = paging ? all.slice((page - 1) * LICENSES_PER_PAGE, page * LICENSES_PER_PAGE) : all
  const showAssigned = Boolean(company) || sorted.some((l) => l.licenseType === 'company')
  return (
    <>
      <Table.Root variant="surface" size="1" mb="4" className="license-table">
        <caption className="table-caption">{caption}</caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell scope="col">Product</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell scope="col">Order #</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell scope="col">Key #</Table.ColumnHeaderCell>
            {showAssigned ? <Table.ColumnHeaderCell scope="col">Assigned To</Table.ColumnHeaderCell> : null}
            <Table.ColumnHeaderCell scope="col">Expiry Date</Table.ColumnHeaderCell>
            {actions ? <Table.ColumnHeaderCell scope="col">Actions</Table.ColumnHeaderCell> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {sorted.map((license) => {
            const expired = isExpired(license, now)
            return (
              <Table.Row key={`${license.owner}:${license.id}`}>
                <Table.RowHeaderCell>
                  {displayName(license)}
                  {license.lapsing ? (
                    <Badge color="amber" ml="2">
                      Lapsing
                    </Badge>
                  ) : null}
                </Table.RowHeaderCell>
                <Table.Cell>
                  <OrderNumber license={license} company={company} />
                </Table.Cell>
                <Table.Cell>{license.key}</Table.Cell>
                {showAssigned ? (
                  <Table.Cell>
                    {license.assignedTo || (
                      <Text color="gray" size="2">
                        Unassigned
                      </Text>
                    )}
                  </Table.Cell>
                ) : null}
                <Table.Cell>
                  <time dateTime={new Date(license.expiration).toISOString()}>
                    {formatDate(license.expiration, { utc: true })}
                  </time>
                  {expired ? (
                    <Badge color="red" ml="2">
                      Expired
                    </Badge>
                  ) : null}
                </Table.Cell>
                {actions ? (
                  <Table.Cell>
                    <LicenseActions license={license} company={company} admin={admin} now={now} />
                  </Table.Cell>
                ) : null}
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
      {paging && pages > 1 ? (
        <Pagination caption={caption} page={page} pages={pages} total={all.length} href={paging.href} />
      ) : null}
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
