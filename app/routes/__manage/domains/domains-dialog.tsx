import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '#app/utils/conform-zod'
import { Button, Flex, Table, Text } from '#app/components/themes'
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { FieldError } from '#app/components/field-error'
import { ButtonRow, InputField, SubmitButton } from '#app/components/forms'
import { IdempotencyField } from '#app/components/idempotency-field'
import { RouteDialog } from '#app/components/route-dialog'
import { labels } from '#app/rules/messages/labels'
import { Alert, BackLink, DialogTable } from '../shared/dialog-parts'
import type { DialogProps } from '../shared/registry'
import { dialogActionUrl, dialogUrl } from '../shared/urls'
import { DomainFormSchema } from './domain-schemas'
import { domainStatusText } from './domain-status'
import type { ClaimDomainActionData, DomainsDialogData } from './domains.server'

/** Domains: the company's claims with their status and Add domain; a verified domain belongs to this company alone. */
export function DomainsDialog({ data: d, closeTo }: DialogProps<DomainsDialogData>) {
  const location = useLocation()
  const actionData = useActionData<ClaimDomainActionData>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'claim-domain'
  const lastResult =
    actionData?.intent === 'claim-domain' && navigation.state === 'idle' ? actionData.result : undefined
  const [form, fields] = useForm({
    id: 'claim-domain',
    lastResult,
    constraint: getZodConstraint(DomainFormSchema),
    defaultValue: { company: d.company.id, domain: '' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DomainFormSchema }),
  })

  return (
    <RouteDialog
      title="Domains"
      description={`The email domains of ${d.company.name}. A verified domain proves that addresses at it are the company's; people at it can then join automatically.`}
      closeTo={closeTo}
      maxWidth="640px"
    >
      {d.kind === 'error' ? (
        <Alert>{d.message}</Alert>
      ) : (
        <>
          {d.domains.length === 0 ? (
            <Text as="p" size="2" mb="3">
              {d.company.name} has no domains yet.
            </Text>
          ) : (
            <DialogTable mb="4" caption={`Domains of ${d.company.name}`} columns={['Domain', 'Status']} actions>
              {d.domains.map((domain) => (
                <Table.Row key={domain.domain}>
                  <Table.RowHeaderCell>{domain.domain}</Table.RowHeaderCell>
                  <Table.Cell>{domainStatusText(domain)}</Table.Cell>
                  <Table.Cell>
                    <Button asChild size="1" variant="soft">
                      <Link
                        to={dialogUrl(
                          { dialog: 'domain', company: d.company.id, domain: domain.domain },
                          location.search,
                        )}
                        preventScrollReset
                        aria-label={`${domain.status === 'pending' ? 'Verify' : 'Details of'} ${domain.domain}`}
                      >
                        {domain.status === 'pending' ? 'Verify' : 'Details'}
                      </Link>
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </DialogTable>
          )}
          <Form
            method="post"
            action={dialogActionUrl({ dialog: 'domains', company: d.company.id }, closeTo)}
            {...getFormProps(form)}
          >
            <input type="hidden" name="intent" value="claim-domain" />
            <input type="hidden" name="company" value={d.company.id} />
            <IdempotencyField value={d.idempotencyKey} />
            <Flex direction="column" gap="2">
              <InputField
                field={fields.domain}
                label="Add a domain"
                gap="2"
                autoComplete="off"
                spellCheck={false}
                placeholder="acme.com"
                description={{
                  id: 'claim-domain-hint',
                  text: "A domain your company's email addresses use. You then prove it is yours with a DNS record.",
                }}
              />
              <FieldError id={form.errorId} errors={form.errors} />
              <ButtonRow justify="end" mt="2">
                <BackLink to={closeTo}>{labels.close}</BackLink>
                <SubmitButton busy={busy} busyLabel="Adding…">
                  Add domain
                </SubmitButton>
              </ButtonRow>
            </Flex>
          </Form>
        </>
      )}
      {d.kind === 'error' ? (
        <ButtonRow justify="end">
          <BackLink to={closeTo}>{labels.close}</BackLink>
        </ButtonRow>
      ) : null}
    </RouteDialog>
  )
}
