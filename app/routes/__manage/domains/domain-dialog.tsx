import { Code, Flex, Text } from '#app/components/themes'
import { Form, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { CopyAnnouncement, CopyButton, useCopyList } from '#app/components/copy-text'
import { ButtonRow, SubmitButton } from '#app/components/forms'
import { IdempotencyField } from '#app/components/idempotency-field'
import { RouteDialog } from '#app/components/route-dialog'
import { formatDateTime } from '#protocol/shared/dates'
import { Alert, BackLink, ProductCheckboxes } from '../shared/dialog-parts'
import type { DialogProps } from '../shared/registry'
import { dialogActionUrl, dialogUrl } from '../shared/urls'
import { domainStatusText } from './domain-status'
import type { DomainActionData, DomainDialogData } from './domains.server'

const RECORD_ID = 'domain-record-value'

/** One domain: status, the TXT record to add, Verify now (a miss says what DNS answered), auto-join, Remove. */
export function DomainDialog({ data: d, closeTo }: DialogProps<DomainDialogData>) {
  const location = useLocation()
  const back = dialogUrl({ dialog: 'domains', company: d.company.id }, location.search)
  const actionData = useActionData<DomainActionData>()
  const navigation = useNavigation()
  const copy = useCopyList<HTMLDListElement>()
  const pending = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const outcome = navigation.state === 'idle' ? actionData : undefined

  if (d.kind === 'error') {
    return (
      <RouteDialog title="Domain" closeTo={back}>
        <Alert>{d.message}</Alert>
        <ButtonRow justify="end">
          <BackLink to={back}>Back to Domains</BackLink>
        </ButtonRow>
      </RouteDialog>
    )
  }
  const { domain, company } = d
  const target = { dialog: 'domain', company: company.id, domain: domain.domain } as const
  const needsRecord = domain.status === 'pending' || domain.failingSince !== null

  return (
    <RouteDialog title={domain.domain} description={`A domain of ${company.name}.`} closeTo={back} maxWidth="640px">
      <Text as="p" size="2" mb="3">
        <Text weight="medium">Status:</Text> {domainStatusText(domain)}
      </Text>
      {needsRecord ? (
        <>
          <Text as="p" size="2" mb="2">
            {domain.status === 'pending'
              ? `To verify ${domain.domain}, add this TXT record with your DNS provider, then choose Verify now:`
              : `Put this TXT record back with your DNS provider, then choose Check now:`}
          </Text>
          <Flex asChild direction="column" gap="1" mb="3">
            <dl ref={copy.container} className="domain-record">
              <Text as="div" size="2">
                <dt style={{ display: 'inline', fontWeight: 500 }}>Type: </dt>
                <dd style={{ display: 'inline', margin: 0 }}>TXT</dd>
              </Text>
              <Text as="div" size="2">
                <dt style={{ display: 'inline', fontWeight: 500 }}>Name: </dt>
                <dd style={{ display: 'inline', margin: 0 }}>
                  {domain.domain} (some DNS providers write <Code>@</Code> for the domain itself)
                </dd>
              </Text>
              <Text as="div" size="2">
                <dt style={{ display: 'inline', fontWeight: 500 }}>Value: </dt>
                <dd style={{ display: 'inline', margin: 0 }}>
                  <Code id={RECORD_ID} style={{ wordBreak: 'break-all' }}>
                    {domain.record}
                  </Code>{' '}
                  <CopyButton text={domain.record} shows={RECORD_ID} label="Copy the TXT record's value" list={copy} />
                </dd>
              </Text>
            </dl>
          </Flex>
          <CopyAnnouncement message={copy.message} />
          <Text as="p" size="1" color="gray" mb="3">
            DNS changes can take from a few minutes to a few hours to show.
          </Text>
        </>
      ) : null}
      {domain.lastCheck ? (
        <Text as="p" size="2" mb="3">
          <Text weight="medium">
            Last checked{' '}
            <time dateTime={new Date(domain.lastCheck.at).toISOString()}>
              {formatDateTime(domain.lastCheck.at, { utc: true })} UTC
            </time>
            :
          </Text>{' '}
          {domain.lastCheck.message}
        </Text>
      ) : null}
      {domain.status === 'verified' && d.products.length > 0 ? (
        <Form method="post" action={dialogActionUrl(target, closeTo)} preventScrollReset>
          <input type="hidden" name="intent" value="set-auto-join" />
          <input type="hidden" name="company" value={company.id} />
          <input type="hidden" name="domain" value={domain.domain} />
          <IdempotencyField value={d.idempotencyKey} />
          <fieldset style={{ border: 0, margin: '0 0 var(--space-3)', padding: 0 }} aria-describedby="auto-join-hint">
            <legend>
              <Text size="2" weight="medium">
                Auto-join
              </Text>
            </legend>
            <Text as="p" size="2" mb="2" id="auto-join-hint">
              Anyone who signs in with an address at {domain.domain} receives a seat of the products checked here while
              seats are free, then waits in the queue (Directory shows it); the company&apos;s administrators are told.
            </Text>
            <Flex gap="3" wrap="wrap" align="center">
              <ProductCheckboxes
                name="productGroups"
                products={d.products}
                checked={(product) => domain.autoJoin.includes(product)}
              />
              <SubmitButton size="1" variant="soft" busy={pending('set-auto-join')} busyLabel="Saving…">
                Save auto-join
              </SubmitButton>
            </Flex>
          </fieldset>
        </Form>
      ) : null}
      {outcome ? <Alert>{outcome.message}</Alert> : null}
      <ButtonRow justify="end" mt="2">
        <BackLink to={back}>Back to Domains</BackLink>
        <Form method="post" action={dialogActionUrl(target, closeTo)} preventScrollReset>
          <input type="hidden" name="intent" value="remove-domain" />
          <input type="hidden" name="company" value={company.id} />
          <input type="hidden" name="domain" value={domain.domain} />
          <IdempotencyField value={d.idempotencyKey} />
          <SubmitButton color="red" variant="soft" busy={pending('remove-domain')} busyLabel="Removing…">
            Remove domain
          </SubmitButton>
        </Form>
        <Form method="post" action={dialogActionUrl(target, closeTo)} preventScrollReset>
          <input type="hidden" name="intent" value="verify-domain" />
          <input type="hidden" name="company" value={company.id} />
          <input type="hidden" name="domain" value={domain.domain} />
          <IdempotencyField value={d.idempotencyKey} />
          <SubmitButton busy={pending('verify-domain')} busyLabel="Checking…">
            {domain.status === 'pending' ? 'Verify now' : 'Check now'}
          </SubmitButton>
        </Form>
      </ButtonRow>
    </RouteDialog>
  )
}
