import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '#app/utils/conform-zod'
import { Button, Code, Flex, Text } from '#app/components/themes'
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { CopyAnnouncement, CopyButton, useCopyList } from '#app/components/copy-text'
import { FieldError } from '#app/components/field-error'
import { ButtonRow, InputField, SubmitButton } from '#app/components/forms'
import { IdempotencyField } from '#app/components/idempotency-field'
import { RouteDialog } from '#app/components/route-dialog'
import { COMPANY_SIGN_IN_SCOPES } from '#protocol/company-sign-in/company-sign-in'
import { formatDateTime } from '#protocol/shared/dates'
import { labels } from '#app/rules/messages/labels'
import { Alert, BackLink, checkboxStyle } from '../shared/dialog-parts'
import type { DialogProps } from '../shared/registry'
import { dialogActionUrl, dialogUrl } from '../shared/urls'
import { companySignInSchema } from './company-sign-in-schemas'
import type { CompanySignInActionData, CompanySignInDialogData } from './company-sign-in.server'

const REDIRECT_ID = 'company-sign-in-redirect-uri'

/** What to register at the provider, its issuer, client ID and secret (shown only as set), and the "required" switch. */
export function CompanySignInDialog({ data: d, closeTo }: DialogProps<CompanySignInDialogData>) {
  const location = useLocation()
  const actionData = useActionData<CompanySignInActionData>()
  const navigation = useNavigation()
  const copy = useCopyList<HTMLDivElement>()
  const busy = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const settings = d.kind === 'settings' ? d.settings : null
  const schema = companySignInSchema(settings?.secretSet === true)
  const idle = navigation.state === 'idle'
  const lastResult = idle && actionData?.intent === 'save-company-sign-in' ? actionData.result : undefined
  const removeRefused = idle && actionData?.intent === 'remove-company-sign-in' ? actionData.message : null
  const [form, fields] = useForm({
    id: 'company-sign-in',
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: {
      company: d.company.id,
      issuer: settings?.issuer ?? '',
      clientId: settings?.clientId ?? '',
      required: settings?.required ? 'on' : undefined,
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })

  if (d.kind === 'error') {
    return (
      <RouteDialog title="Single Sign-On" closeTo={closeTo}>
        <Alert>{d.message}</Alert>
        <ButtonRow justify="end">
          <BackLink to={closeTo}>{labels.close}</BackLink>
        </ButtonRow>
      </RouteDialog>
    )
  }
  const target = { dialog: 'company-sign-in', company: d.company.id } as const
  const domains = d.verifiedDomains.join(', ')
  return (
    <RouteDialog
      title="Single Sign-On"
      description={`People at ${d.company.name}'s verified domains can sign in through your identity provider (Okta, Microsoft Entra ID, or any OpenID Connect provider).`}
      closeTo={closeTo}
      maxWidth="640px"
    >
      <div ref={copy.container}>
        <Text as="p" size="2" mb="1">
          Register this redirect URI for the portal at your provider, with the scopes{' '}
          <Code>{COMPANY_SIGN_IN_SCOPES.join(' ')}</Code>:
        </Text>
        <Text as="p" size="2" mb="3">
          <Code id={REDIRECT_ID}>{d.redirectUri}</Code>{' '}
          <CopyButton text={d.redirectUri} shows={REDIRECT_ID} label="Copy the redirect URI" list={copy} />
        </Text>
        <CopyAnnouncement message={copy.message} />
      </div>
      {d.verifiedDomains.length === 0 ? (
        <Text as="p" size="2" mb="3">
          {d.company.name} has no verified domain yet: single sign-on is for people at verified domains.{' '}
          <Link to={dialogUrl({ dialog: 'domains', company: d.company.id }, location.search)} preventScrollReset>
            Verify a domain
          </Link>
          .
        </Text>
      ) : null}
      <Form method="post" action={dialogActionUrl(target, closeTo)} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save-company-sign-in" />
        <input type="hidden" name="company" value={d.company.id} />
        <IdempotencyField value={d.idempotencyKey} />
        <Flex direction="column" gap="3">
          <InputField
            field={fields.issuer}
            label="Issuer"
            type="text"
            gap="2"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://acme.okta.com"
            description={{
              id: 'company-sign-in-issuer-hint',
              text: 'Okta: https://{your domain}.okta.com. Entra ID: https://login.microsoftonline.com/{tenant ID}/v2.0.',
            }}
          />
          <InputField field={fields.clientId} label="Client ID" gap="2" autoComplete="off" spellCheck={false} />
          <InputField
            field={fields.clientSecret}
            label="Client secret"
            type="password"
            gap="2"
            autoComplete="new-password"
            description={{
              id: 'company-sign-in-secret-hint',
              text: settings?.secretSet
                ? 'Set. Leave this empty to keep it, or type a new one.'
                : 'It is stored encrypted and never shown again.',
            }}
          />
          <Flex asChild gap="2" align="start">
            <label>
              <input
                {...getInputProps(fields.required, { type: 'checkbox' })}
                key={fields.required.key}
                style={{ ...checkboxStyle, marginTop: 3 }}
                aria-describedby="company-sign-in-required-hint"
              />
              <Text size="2">
                Require single sign-on for people at {domains || 'verified domains'}
                <Text as="span" size="1" color="gray" id="company-sign-in-required-hint" style={{ display: 'block' }}>
                  Email links and GitHub or Google sign-in are then refused for them, saying how to sign in.
                </Text>
              </Text>
            </label>
          </Flex>
          <FieldError id={form.errorId} errors={form.errors} />
          {settings ? (
            <Text as="p" size="1" color="gray">
              Last changed{' '}
              <time dateTime={new Date(settings.updatedAt).toISOString()}>
                {formatDateTime(settings.updatedAt, { utc: true })} UTC
              </time>{' '}
              by {settings.updatedBy}.
            </Text>
          ) : null}
          <ButtonRow justify="end" mt="1">
            <BackLink to={closeTo}>{labels.close}</BackLink>
            <SubmitButton busy={busy('save-company-sign-in')} busyLabel="Checking the issuer…">
              {labels.save}
            </SubmitButton>
          </ButtonRow>
        </Flex>
      </Form>
      {removeRefused ? <Alert>{removeRefused}</Alert> : null}
      {settings ? (
        <Form method="post" action={dialogActionUrl(target, closeTo)} preventScrollReset>
          <input type="hidden" name="intent" value="remove-company-sign-in" />
          <input type="hidden" name="company" value={d.company.id} />
          <IdempotencyField value={d.idempotencyKey} />
          <ButtonRow justify="end" mt="3">
            <Button type="submit" color="red" variant="soft" disabled={busy('remove-company-sign-in')}>
              Remove single sign-on
            </Button>
          </ButtonRow>
        </Form>
      ) : null}
    </RouteDialog>
  )
}
