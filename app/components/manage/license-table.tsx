import { Badge, Table, Text } from '@radix-ui/themes'
import type { Company, License } from '#protocol/entities'
import { formatDate } from '#app/rules/dates'
import { displayName, isExpired, sortLicenses } from '#app/rules/license'
import { hasLicenseActions, LicenseActions } from './license-actions'

type LicenseTableProps = {
  licenses: License[]
  now: number
  caption: string
  company?: Company
  admin: boolean
}

/** A license table in the spec's order (§4): Open Source, bundle, wallaby, others; then order, key, later expiry. */
export function LicenseTable({ licenses, now, caption, company, admin }: LicenseTableProps) {
  const actions = hasLicenseActions()
  if (licenses.length === 0) return null
  const sorted = sortLicenses(licenses)
  const showAssigned = Boolean(company) || sorted.some((l) => l.licenseType === 'company')
  return (
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
              <Table.Cell>{license.order}</Table.Cell>
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
                <time dateTime={new Date(license.expiration).toISOString()}>{formatDate(license.expiration, { utc: true })}</time>
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
  )
}
