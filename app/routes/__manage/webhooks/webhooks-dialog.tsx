import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '#app/utils/conform-zod'
import { Button, Flex, Heading, Table, Text } from '#app/components/themes'
import { Form, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { FieldError } from '#app/components/field-error'
import { ButtonRow, InputField, SubmitButton } from '#app/components/forms'
import { IdempotencyField } from '#app/components/idempotency-field'
import { RouteDialog } from '#app/components/route-dialog'
import { labels } from '#app/rules/messages/labels'
import { formatDateTime } from '#protocol/shared/dates'
import { countOf } from '#protocol/shared/words'
import { webhookEventDescriptions, webhookEventTypes } from '#protocol/webhooks/webhooks'
import type { WebhookDelivery, WebhookEndpoint } from '#protocol/webhooks/operations'
import { CopyField } from '../shared/copy-field'
import { Alert, BackLink, checkboxStyle, DialogTable } from '../shared/dialog-parts'
import type { DialogProps } from '../shared/registry'
import { dialogActionUrl, dialogUrl } from '../shared/urls'
import { AddEndpointSchema } from './webhook-schemas'
import type { WebhooksActionData, WebhooksDialogData } from './webhooks.server'

const when = (ms: number) => `${formatDateTime(ms, { utc: true })} UTC`

function outcome(d: WebhookDelivery): string {
  if (d.state === 'delivered') return `Delivered (${d.lastStatus ?? 'OK'})`
  const tried = d.attempts === 0 ? 'Waiting to be sent' : `Failed ${countOf(d.attempts, 'time')}: ${d.lastError ?? ''}`
  if (d.state === 'failed') return `${tried} Given up.`
  return d.nextAttemptAt && d.attempts > 0 ? `${tried} Next try ${when(d.nextAttemptAt)}.` : tried
}

/** Webhooks: endpoints, their events and last deliveries, pause, resume, remove; Add shows the signing secret once. */
export function WebhooksDialog({ data: d, closeTo }: DialogProps<WebhooksDialogData>) {
  const actionData = useActionData<WebhooksActionData>()
  const navigation = useNavigation()
  const idle = navigation.state === 'idle'
  const refusal = actionData && 'message' in actionData && idle ? actionData.message : undefined
  const added = actionData?.intent === 'add-webhook-endpoint' && idle ? actionData.added : undefined
  const location = useLocation()

  if (added) {
    // Done returns to the list, where the new endpoint is.
    const list = dialogUrl({ dialog: 'webhooks', company: d.company.id }, location.search)
    return (
      <RouteDialog title="Endpoint added" description={d.company.name} closeTo={list} maxWidth="600px">
        <Text as="p" size="2" mb="3" role="status">
          The endpoint {added.endpoint.url} was added. Copy its signing secret now: it is shown only this once.
        </Text>
        <CopyField
          id="webhook-secret"
          label="Signing secret"
          value={added.secret}
          description="Verify each delivery's webhook-signature header with it, using a Standard Webhooks library."
        />
        <Flex justify="end">
          <BackLink to={list}>Done</BackLink>
        </Flex>
      </RouteDialog>
    )
  }

  return (
    <RouteDialog
      title="Webhooks"
      description={`HTTPS endpoints that ${d.company.name}'s own tools run: each receives the events it chose, signed.`}
      closeTo={closeTo}
      maxWidth="760px"
    >
      {refusal ? <Alert>{refusal}</Alert> : null}
      {d.kind === 'error' ? <Alert>{d.message}</Alert> : null}
      {d.kind === 'list' ? (
        <>
          {d.endpoints.length === 0 ? (
            <Text as="p" size="2" mb="3">
              {d.company.name} has no webhook endpoints yet.
            </Text>
          ) : (
            d.endpoints.map((endpoint, i) => (
              <Endpoint key={endpoint.id} endpoint={endpoint} index={i} company={d.company.id} closeTo={closeTo} />
            ))
          )}
          <AddEndpoint company={d.company.id} idempotencyKey={d.idempotencyKey} closeTo={closeTo} />
        </>
      ) : (
        <ButtonRow justify="end">
          <BackLink to={closeTo}>{labels.close}</BackLink>
        </ButtonRow>
      )}
    </RouteDialog>
  )
}

function RowForm(props: {
  intent: string
  company: string
  endpoint: WebhookEndpoint
  closeTo: string
  fields?: Record<string, string>
  children: React.ReactNode
}) {
  return (
    <Form
      method="post"
      action={dialogActionUrl({ dialog: 'webhooks', company: props.company }, props.closeTo)}
      preventScrollReset
    >
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="company" value={props.company} />
      <input type="hidden" name="endpoint" value={props.endpoint.id} />
      <input type="hidden" name="url" value={props.endpoint.url} />
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {props.children}
    </Form>
  )
}

function Endpoint(props: { endpoint: WebhookEndpoint; index: number; company: string; closeTo: string }) {
  const { endpoint: e, company, closeTo } = props
  const headingId = `webhook-endpoint-${props.index}`
  const paused = e.state === 'paused'
  return (
    <section aria-labelledby={headingId}>
      <Heading as="h3" size="3" id={headingId} mb="1" style={{ overflowWrap: 'anywhere' }}>
        {e.url}
      </Heading>
      <Text as="p" size="2" mb="1">
        {paused ? `Paused. ${e.pausedReason ?? ''}` : 'Active.'}
        {!paused && e.failingSince ? ` Failing since ${when(e.failingSince)}.` : ''} Added {when(e.createdAt)} by{' '}
        {e.createdBy}.
      </Text>
      <Text as="p" size="2" mb="2">
        Events: {e.events.join(', ')}
      </Text>
      <Flex gap="2" mb="2" wrap="wrap">
        <RowForm
          intent="set-webhook-endpoint-state"
          company={company}
          endpoint={e}
          closeTo={closeTo}
          fields={{ state: paused ? 'active' : 'paused' }}
        >
          <Button type="submit" size="1" variant="soft" aria-label={`${paused ? 'Resume' : 'Pause'} ${e.url}`}>
            {paused ? 'Resume' : 'Pause'}
          </Button>
        </RowForm>
        <RowForm intent="remove-webhook-endpoint" company={company} endpoint={e} closeTo={closeTo}>
          <Button type="submit" size="1" color="red" variant="soft" aria-label={`Remove ${e.url}`}>
            Remove
          </Button>
        </RowForm>
      </Flex>
      {e.deliveries.length === 0 ? (
        <Text as="p" size="2" color="gray" mb="4">
          Nothing sent yet.
        </Text>
      ) : (
        <DialogTable mb="4" caption={`Last deliveries to ${e.url}`} columns={['Event', 'Occurred', 'Outcome']} actions>
          {e.deliveries.map((delivery) => (
            <Table.Row key={delivery.id}>
              <Table.RowHeaderCell>{delivery.type}</Table.RowHeaderCell>
              <Table.Cell>{when(delivery.createdAt)}</Table.Cell>
              <Table.Cell>{outcome(delivery)}</Table.Cell>
              <Table.Cell>
                {delivery.state !== 'pending' && !paused ? (
                  <RowForm
                    intent="resend-webhook-delivery"
                    company={company}
                    endpoint={e}
                    closeTo={closeTo}
                    fields={{ delivery: delivery.id }}
                  >
                    <Button
                      type="submit"
                      size="1"
                      variant="soft"
                      aria-label={`Send ${delivery.type} of ${when(delivery.createdAt)} again`}
                    >
                      Send again
                    </Button>
                  </RowForm>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </DialogTable>
      )}
    </section>
  )
}

function AddEndpoint(props: { company: string; idempotencyKey: string; closeTo: string }) {
  const actionData = useActionData<WebhooksActionData>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'add-webhook-endpoint'
  const lastResult =
    actionData?.intent === 'add-webhook-endpoint' && navigation.state === 'idle' ? actionData.result : undefined
  const [form, fields] = useForm({
    id: 'add-webhook-endpoint',
    lastResult,
    constraint: getZodConstraint(AddEndpointSchema),
    defaultValue: { company: props.company, url: '', events: [] },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddEndpointSchema }),
  })
  // One ticked box comes back as a string, several as a list: both are kept when a refused form is shown again.
  const initial = fields.events.initialValue as string | string[] | undefined
  const chosen = new Set(initial === undefined ? [] : ([] as string[]).concat(initial))
  return (
    <section aria-labelledby="webhook-add">
      <Heading as="h3" size="3" id="webhook-add" mb="2">
        Add endpoint
      </Heading>
      <Form
        method="post"
        action={dialogActionUrl({ dialog: 'webhooks', company: props.company }, props.closeTo)}
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value="add-webhook-endpoint" />
        <input type="hidden" name="company" value={props.company} />
        <IdempotencyField value={props.idempotencyKey} />
        <Flex direction="column" gap="3">
          <InputField
            field={fields.url}
            label="Endpoint URL"
            gap="2"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://hooks.example.com/licenses"
            description={{
              id: 'webhook-url-hint',
              text: 'A public https:// address. Deliveries are POST requests with a JSON body, signed per Standard Webhooks.',
            }}
          />
          <fieldset
            style={{ border: 0, margin: 0, padding: 0 }}
            aria-describedby={fields.events.errors ? fields.events.errorId : undefined}
            aria-invalid={fields.events.errors ? true : undefined}
          >
            <legend>
              <Text size="2" weight="medium">
                Events
              </Text>
            </legend>
            <Flex direction="column" gap="1" mt="1">
              {webhookEventTypes.map((type) => (
                <Flex asChild gap="2" align="start" key={type}>
                  <label>
                    <input
                      {...getInputProps(fields.events, { type: 'checkbox', value: type })}
                      key={`${fields.events.key}-${type}`}
                      defaultChecked={chosen.has(type)}
                      style={{ ...checkboxStyle, marginTop: 3 }}
                    />
                    <Text size="2">
                      <code>{type}</code> — {webhookEventDescriptions[type]}
                    </Text>
                  </label>
                </Flex>
              ))}
            </Flex>
            <FieldError id={fields.events.errorId} errors={fields.events.errors} />
          </fieldset>
          <FieldError id={form.errorId} errors={form.errors} />
          <ButtonRow justify="end" mt="2">
            <BackLink to={props.closeTo}>{labels.close}</BackLink>
            <SubmitButton busy={busy} busyLabel="Adding…">
              Add endpoint
            </SubmitButton>
          </ButtonRow>
        </Flex>
      </Form>
    </section>
  )
}
