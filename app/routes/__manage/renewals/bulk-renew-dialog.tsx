import { Button, Flex, Link, Table, Text } from '#app/components/themes'
import { useSalesEmail } from '#app/utils/support-email'
import { Link as RemixLink, useActionData } from '@remix-run/react'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { RouteDialog } from '#app/components/route-dialog'
import { formatDate } from '#protocol/shared/dates'
import { labels, opensInNewTab } from '#app/rules/messages/labels'
import { NewTabIcon } from '#app/components/icons'
import type { DialogProps } from '../shared/registry'
import type { BulkRenewActionData, BulkRenewDialogData } from './renewals.server'
import { dialogActionUrl } from '../shared/urls'
import { salesRenewalMailto } from './renewal-rules'

/** Spec §2: every row starts selected; Renew asks for one co-termed renewal and opens the provider's checkout. */
export function BulkRenewDialog({ data: d, closeTo }: DialogProps<BulkRenewDialogData>) {
  const hydrated = useHydrated()
  const salesEmail = useSalesEmail()
  const actionData = useActionData<BulkRenewActionData>()
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(d.rows.map((r) => r.ref)))
  const error = actionData?.intent === 'bulk-renew' ? actionData.error : undefined
  const nothing = hydrated && selected.size === 0

  const toggle = (ref: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (checked) next.add(ref)
      else next.delete(ref)
      return next
    })

  return (
    <RouteDialog
      title={labels.renewMultiple}
      description={`${d.company.name}: the selected licenses are renewed together, to one common expiry date.`}
      closeTo={closeTo}
      maxWidth="820px"
    >
      {d.rows.length === 0 ? (
        <Text as="p" size="2" mb="3">
          This company has no licenses that can be renewed here.
        </Text>
      ) : (
        <form
          method="post"
          action={dialogActionUrl({ dialog: 'bulk-renew', company: d.company.id }, closeTo)}
          target={hydrated ? '_blank' : undefined}
        >
          <input type="hidden" name="intent" value="bulk-renew" />
          <input type="hidden" name="company" value={d.company.id} />
          <Table.Root size="1" variant="surface" mb="3">
            <caption className="visually-hidden">Licenses of {d.company.name} to renew</caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell scope="col">
                  <span className="visually-hidden">Select</span>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell scope="col">Product</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell scope="col">Order #</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell scope="col">Key #</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell scope="col">Assigned #</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell scope="col">Expiry Date</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {d.rows.map((row) => (
                <Table.Row key={row.ref}>
                  <Table.Cell>
                    <input
                      type="checkbox"
                      name="license"
                      value={row.ref}
                      defaultChecked
                      onChange={(event) => toggle(row.ref, event.currentTarget.checked)}
                      aria-label={`Renew ${row.product}, order ${row.order}, key ${row.key}`}
                      style={{ width: 16, height: 16, margin: 0, accentColor: 'var(--accent-9)' }}
                    />
                  </Table.Cell>
                  <Table.RowHeaderCell>{row.product}</Table.RowHeaderCell>
                  <Table.Cell>{row.order}</Table.Cell>
                  <Table.Cell>{row.key}</Table.Cell>
                  <Table.Cell>{row.assignedTo}</Table.Cell>
                  <Table.Cell>
                    <time dateTime={new Date(row.expiration).toISOString()}>
                      {formatDate(row.expiration, { utc: true })}
                    </time>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {error ? (
            <Text as="p" role="alert" color="red" size="2" mb="2">
              {error}
            </Text>
          ) : null}
          <Flex gap="3" justify="end" wrap="wrap">
            <Button asChild variant="soft" color="gray">
              <RemixLink to={closeTo} preventScrollReset>
                {labels.cancel}
              </RemixLink>
            </Button>
            <Button type="submit" disabled={nothing} aria-disabled={nothing}>
              {labels.renew}
              {hydrated ? (
                <>
                  <NewTabIcon size={14} />
                  <span className="visually-hidden"> {opensInNewTab}</span>
                </>
              ) : null}
            </Button>
          </Flex>
        </form>
      )}
      {d.salesOnly.length ? (
        <Text as="p" size="2" mt="3">
          Enterprise and multi-user licenses are renewed through our sales team:{' '}
          <Link href={salesRenewalMailto(salesEmail, d.salesOnly)} underline="always">
            ask sales for a renewal quote
          </Link>
          .
        </Text>
      ) : null}
      {d.rows.length === 0 ? (
        <Flex justify="end">
          <Button asChild variant="soft" color="gray">
            <RemixLink to={closeTo} preventScrollReset>
              {labels.close}
            </RemixLink>
          </Button>
        </Flex>
      ) : null}
    </RouteDialog>
  )
}
