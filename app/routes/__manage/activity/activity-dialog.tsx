import { Button, Flex, Table, Text, TextField } from '#app/components/themes'
import { Form, Link } from '@remix-run/react'
import { activityKindLabels, activityKindsOf } from '#protocol/activity/activity'
import { RouteDialog } from '#app/components/route-dialog'
import { formatDateTime } from '#protocol/shared/dates'
import { labels } from '#app/rules/messages/labels'
import { Alert, BackLink, NativeSelect } from '../shared/dialog-parts'
import type { DialogProps } from '../shared/registry'
import type { ActivityDialogData } from './activity.server'
import { activityCsvUrl, activityUrl } from './urls'

/** The filter is a GET form and pages are links, so it works without script; Download CSV exports the filtered log. */
export function ActivityDialog({ data, closeTo }: DialogProps<ActivityDialogData>) {
  const d = data
  const title = d.company ? `Activity of ${d.company.name}` : 'Account Activity'
  if (d.kind === 'error') {
    return (
      <RouteDialog title={title} closeTo={closeTo} maxWidth="560px">
        <Alert>{d.message}</Alert>
        <Flex justify="end">
          <BackLink to={closeTo}>{labels.close}</BackLink>
        </Flex>
      </RouteDialog>
    )
  }
  const { filter, entries, total, pageSize } = d
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const company = d.company?.id
  const filtered = Boolean(filter.kind || filter.person)
  return (
    <RouteDialog
      title={title}
      description={
        d.company
          ? 'Every change to the licenses, assignments, permissions, subscriptions and renewals of this company: who made it, and when.'
          : 'Changes to your account and to what you hold yourself: email address, sign-in methods, activations, personal licenses, subscriptions and API tokens.'
      }
      closeTo={closeTo}
      maxWidth="900px"
    >
      {/* Keyed by the filter: the fields show the filter of the address on screen, also after a link changed it. */}
      <Form method="get" action="/manage" preventScrollReset key={`${filter.kind ?? ''}\u0000${filter.person ?? ''}`}>
        <input type="hidden" name="dialog" value="activity" />
        {company ? <input type="hidden" name="company" value={company} /> : null}
        <Flex gap="3" align="end" wrap="wrap" mb="3">
          <Flex direction="column" gap="1">
            <label htmlFor="activity-kind">
              <Text size="2" weight="medium">
                Kind
              </Text>
            </label>
            <NativeSelect id="activity-kind" name="kind" defaultValue={filter.kind ?? ''}>
              <option value="">All kinds</option>
              {activityKindsOf(company ? 'company' : 'account').map((kind) => (
                <option key={kind} value={kind}>
                  {activityKindLabels[kind]}
                </option>
              ))}
            </NativeSelect>
          </Flex>
          <Flex direction="column" gap="1">
            <label htmlFor="activity-person">
              <Text size="2" weight="medium">
                Person (email address)
              </Text>
            </label>
            <TextField.Root id="activity-person" name="person" type="text" defaultValue={filter.person ?? ''} />
          </Flex>
          <Button type="submit" variant="soft">
            Filter
          </Button>
          {filtered ? (
            <Button asChild variant="ghost">
              <Link to={activityUrl({ company })} preventScrollReset>
                Show all
              </Link>
            </Button>
          ) : null}
        </Flex>
      </Form>

      <Text as="p" size="2" role="status" mb="2">
        {total === 0
          ? filtered
            ? 'No activity matches this filter.'
            : 'No activity yet.'
          : `${total} ${total === 1 ? 'entry' : 'entries'}${filtered ? (total === 1 ? ' matches' : ' match') + ' this filter' : ''}; page ${filter.page} of ${pages}.`}
      </Text>

      {entries.length > 0 ? (
        <Table.Root variant="surface" size="1" mb="3">
          <caption className="table-caption">Activity, newest first</caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Who</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>What</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entries.map((entry) => (
              <Table.Row key={entry.id}>
                <Table.Cell>
                  <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at, { utc: true })} UTC</time>
                </Table.Cell>
                <Table.Cell>{entry.actor}</Table.Cell>
                <Table.Cell>
                  {entry.summary}
                  {entry.details.length > 0 ? (
                    <ul className="plain-list">
                      {entry.details.map((line, i) => (
                        <li key={i}>
                          <Text size="1">{line}</Text>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}

      <Flex gap="3" justify="between" align="center" wrap="wrap">
        <nav aria-label="Activity pages">
          <Flex gap="3">
            {filter.page > 1 ? (
              <Link to={activityUrl({ ...filter, company, page: filter.page - 1 })} preventScrollReset>
                Newer entries
              </Link>
            ) : null}
            {filter.page < pages ? (
              <Link to={activityUrl({ ...filter, company, page: filter.page + 1 })} preventScrollReset>
                Older entries
              </Link>
            ) : null}
          </Flex>
        </nav>
        <Flex gap="3" align="center">
          {total > 0 ? (
            <Button asChild variant="soft">
              <a href={activityCsvUrl({ company, kind: filter.kind, person: filter.person })} download>
                Download CSV
              </a>
            </Button>
          ) : null}
          <BackLink to={closeTo}>{labels.close}</BackLink>
        </Flex>
      </Flex>
    </RouteDialog>
  )
}
