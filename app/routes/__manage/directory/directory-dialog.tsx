import { Button, Flex, Heading, Link as TextLink, Table, Text } from '#app/components/themes'
import { useSalesEmail } from '#app/utils/support-email'
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { RouteDialog } from '#app/components/route-dialog'
import { formatDate } from '#protocol/shared/dates'
import { countOf } from '#protocol/shared/words'
import { Alert, BackLink, DialogTable, ProductCheckboxes } from '../shared/dialog-parts'
import type { DialogProps } from '../shared/registry'
import { dialogActionUrl, dialogUrl } from '../shared/urls'
import { NAMED_FIELD } from '../shared/named'
import type { DirectoryActionData, DirectoryDialogData } from './directory.server'
import { CopyField } from '../shared/copy-field'
import { TokenCells } from '../shared/access-token-parts'
import { NewTabIcon } from '#app/components/icons'
import { opensInNewTab } from '#app/rules/messages/labels'
import { moreSeats } from './more-seats'

type Loaded = Extract<DirectoryDialogData, { kind: 'directory' }>['directory']

/** The SCIM address and tokens, the groups mapped to products, and each product's seats and queue. */
export function DirectoryDialog({ data: d, closeTo }: DialogProps<DirectoryDialogData>) {
  const actionData = useActionData<DirectoryActionData>()
  const navigation = useNavigation()
  const refusal = actionData && 'message' in actionData && navigation.state === 'idle' ? actionData.message : undefined
  const company = d.kind === 'directory' ? d.directory.company : d.company
  return (
    <RouteDialog
      title="Directory"
      description={`Seats of ${company.name} follow its identity provider (Okta, Entra ID) over SCIM.`}
      closeTo={closeTo}
      maxWidth="760px"
    >
      {d.kind === 'error' ? <Alert>{d.message}</Alert> : null}
      {refusal ? <Alert>{refusal}</Alert> : null}
      {d.kind === 'directory' ? (
        <>
          <Provisioning directory={d.directory} closeTo={closeTo} />
          <Groups directory={d.directory} closeTo={closeTo} />
          <Seats directory={d.directory} email={d.email} />
        </>
      ) : null}
      <Flex justify="end" mt="3">
        <BackLink to={closeTo}>Close</BackLink>
      </Flex>
    </RouteDialog>
  )
}

function Provisioning({ directory: d, closeTo }: { directory: Loaded; closeTo: string }) {
  const location = useLocation()
  const target = { dialog: 'directory' as const, company: d.company.id }
  return (
    <section aria-labelledby="directory-scim">
      <Heading as="h3" size="3" id="directory-scim" mb="2">
        Provisioning (SCIM)
      </Heading>
      <Text as="p" size="2" mb="2">
        {countOf(d.users, 'person', 'people')} and {countOf(d.groups.length, 'group')} provisioned. Point your identity
        provider at this address with one of the tokens below.
      </Text>
      <CopyField id="directory-scim-url" label="SCIM base URL" value={d.scimBaseUrl} />
      {d.tokens.length === 0 ? (
        <Text as="p" size="2" color="gray" mb="2">
          No SCIM token yet.
        </Text>
      ) : (
        <DialogTable
          mb="2"
          caption={`SCIM tokens of ${d.company.name}`}
          columns={['Name', 'Created', 'Last used']}
          actions
        >
          {d.tokens.map((token) => (
            <Table.Row key={token.id}>
              <TokenCells token={token} />
              <Table.Cell>
                <Form method="post" action={dialogActionUrl(target, closeTo)} preventScrollReset>
                  <input type="hidden" name="intent" value="revoke-scim-token" />
                  <input type="hidden" name="company" value={d.company.id} />
                  <input type="hidden" name="token" value={token.id} />
                  <input type="hidden" name={NAMED_FIELD} value={token.name} />
                  <Button type="submit" size="1" color="red" variant="soft" aria-label={`Revoke ${token.name}`}>
                    Revoke
                  </Button>
                </Form>
              </Table.Cell>
            </Table.Row>
          ))}
        </DialogTable>
      )}
      <Button asChild variant="soft" mb="4">
        <Link to={dialogUrl({ dialog: 'scim-token', company: d.company.id }, location.search)} preventScrollReset>
          Create SCIM token
        </Link>
      </Button>
    </section>
  )
}

function Groups({ directory: d, closeTo }: { directory: Loaded; closeTo: string }) {
  const target = { dialog: 'directory' as const, company: d.company.id }
  const mapped = (groupId: string, product: string) =>
    d.mappings.some((m) => m.groupId === groupId && m.productGroup === product)
  return (
    <section aria-labelledby="directory-groups">
      <Heading as="h3" size="3" id="directory-groups" mb="2">
        Groups and products
      </Heading>
      {d.groups.length === 0 ? (
        <Text as="p" size="2" color="gray" mb="4">
          No groups yet. Your identity provider sends them: in Okta, Push Groups; in Entra ID, assign groups to the
          application.
        </Text>
      ) : (
        <DialogTable
          mb="4"
          caption={`Groups of ${d.company.name} and the products their members get`}
          columns={['Group', 'Members get a seat of']}
        >
          {d.groups.map((group) => (
            <Table.Row key={group.id}>
              <Table.RowHeaderCell>
                {group.name}
                <Text as="div" size="1" color="gray">
                  {countOf(group.members, 'member')}
                </Text>
              </Table.RowHeaderCell>
              <Table.Cell>
                <Form method="post" action={dialogActionUrl(target, closeTo)} preventScrollReset>
                  <input type="hidden" name="intent" value="map-directory-group" />
                  <input type="hidden" name="company" value={d.company.id} />
                  <input type="hidden" name="group" value={group.id} />
                  <input type="hidden" name={NAMED_FIELD} value={group.name} />
                  <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
                    <legend className="visually-hidden">Products for {group.name}</legend>
                    <Flex gap="3" wrap="wrap" align="center">
                      <ProductCheckboxes
                        name="products"
                        products={d.products}
                        checked={(product) => mapped(group.id, product)}
                      />
                      <Button type="submit" size="1" variant="soft" aria-label={`Save products for ${group.name}`}>
                        Save
                      </Button>
                    </Flex>
                  </fieldset>
                </Form>
              </Table.Cell>
            </Table.Row>
          ))}
        </DialogTable>
      )}
    </section>
  )
}

function Seats({ directory: d, email }: { directory: Loaded; email: string }) {
  const location = useLocation()
  const salesEmail = useSalesEmail()
  return (
    <section aria-labelledby="directory-seats">
      <Heading as="h3" size="3" id="directory-seats" mb="2">
        Seats
      </Heading>
      {d.products.length === 0 ? (
        <Text as="p" size="2" color="gray">
          The company has no seats yet.
        </Text>
      ) : null}
      {d.products.map((p) => {
        const more = moreSeats({ ...p, waiting: p.queue.length }, d.company, email, salesEmail)
        return (
          <section key={p.productGroup} aria-labelledby={`directory-seats-${p.productGroup}`}>
            <Heading as="h4" size="2" id={`directory-seats-${p.productGroup}`} mb="1">
              {p.name}
            </Heading>
            <Text as="p" size="2" mb="1">
              {countOf(p.held, 'seat')} held through the directory, {countOf(p.free, 'seat')} free.{' '}
              {p.owned
                ? 'The directory owns these seats: they are assigned by group membership alone.'
                : 'Seats assigned by hand stay as they are.'}{' '}
              <Link
                to={dialogUrl(
                  { dialog: 'directory-ownership', company: d.company.id, product: p.productGroup },
                  location.search,
                )}
                preventScrollReset
              >
                {p.owned ? `Let people assign ${p.name} by hand again` : `Let the directory own ${p.name}`}
              </Link>
            </Text>
            {p.queue.length > 0 ? (
              <>
                <Text as="p" size="2" weight="medium">
                  Waiting for a seat ({countOf(p.queue.length, 'person', 'people')}), longest first:
                </Text>
                <ol style={{ marginTop: 4 }}>
                  {p.queue.map((q) => (
                    <li key={q.email}>
                      <Text size="2">
                        {q.email} <Text color="gray">since {formatDate(q.since, { utc: true })}</Text>
                      </Text>
                    </li>
                  ))}
                </ol>
                <Text as="p" size="2" mb="3">
                  {more.kind === 'buy' ? (
                    <TextLink href={more.href} target="_blank" rel="noopener">
                      Buy more seats of {p.name}
                      <NewTabIcon size={14} style={{ verticalAlign: 'middle', marginLeft: 2 }} />
                      <span className="visually-hidden">
                        {' '}
                        for {d.company.name} {opensInNewTab}
                      </span>
                    </TextLink>
                  ) : (
                    <>
                      The shop no longer sells {p.name}:{' '}
                      <TextLink href={more.href} underline="always">
                        ask our sales team for more seats
                      </TextLink>
                    </>
                  )}{' '}
                  — new seats go to the people waiting, longest first.
                </Text>
              </>
            ) : (
              <Text as="p" size="2" color="gray" mb="3">
                Nobody is waiting for a seat.
              </Text>
            )}
          </section>
        )
      })}
    </section>
  )
}
