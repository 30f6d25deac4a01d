import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '#app/utils/conform-zod'
import { Button, Flex, Link as TextLink, Table, Text } from '#app/components/themes'
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { ButtonRow, InputField, SubmitButton } from '#app/components/forms'
import { IdempotencyField } from '#app/components/idempotency-field'
import { RouteDialog } from '#app/components/route-dialog'
import { personalTokenScopes, scopeWords } from '#protocol/api-tokens/api-tokens'
import { apiTokenScopes } from '#protocol/shared/access-tokens'
import { TokenCells, TokenCreated, TokenFormEnd } from '../shared/access-token-parts'
import { Alert, BackLink, DialogTable } from '../shared/dialog-parts'
import { NAMED_FIELD } from '../shared/named'
import type { DialogProps } from '../shared/registry'
import { dialogActionUrl, dialogUrl } from '../shared/urls'
import type {
  ApiTokenActionData,
  ApiTokenDialogData,
  ApiTokensDialogData,
  RevokeApiTokenDialogData,
} from './api-tokens.server'
import { apiTokenSchema } from './api-tokens-schemas'
import { ApiTokenScopesField } from './api-token-scopes-field'

type Holder = ApiTokensDialogData['company']

const titleOf = (company: Holder) => (company ? 'API tokens' : 'Personal API tokens')
const describe = (company: Holder) =>
  company
    ? `Tokens for ${company.name}'s scripts and tools to use the REST API.`
    : 'Tokens for your own scripts to read your licenses through the REST API.'

function HowToUse() {
  return (
    <Text as="p" size="2" mb="3">
      <TextLink href="/developers#authentication" underline="always">
        How to use a token
      </TextLink>
      : the REST API&apos;s reference, with examples in curl.
    </Text>
  )
}

/** The tokens (never their secrets), each with a Revoke link that asks first; Create API token. */
export function ApiTokensDialog({ data: d, closeTo }: DialogProps<ApiTokensDialogData>) {
  const location = useLocation()
  const company = d.company?.id
  return (
    <RouteDialog title={titleOf(d.company)} description={describe(d.company)} closeTo={closeTo} maxWidth="760px">
      {d.kind === 'error' ? <Alert>{d.message}</Alert> : null}
      <HowToUse />
      {d.kind === 'tokens' && d.tokens.length === 0 ? (
        <Text as="p" size="2" color="gray" mb="3">
          No API token yet.
        </Text>
      ) : null}
      {d.kind === 'tokens' && d.tokens.length > 0 ? (
        <DialogTable
          mb="3"
          caption={d.company ? `API tokens of ${d.company.name}` : 'Your personal API tokens'}
          columns={['Name', 'Scopes', 'Created', 'Last used']}
          actions
        >
          {d.tokens.map((token) => (
            <Table.Row key={token.id}>
              <TokenCells token={token}>
                <Table.Cell>{scopeWords(token.scopes)}</Table.Cell>
              </TokenCells>
              <Table.Cell>
                <Button asChild size="1" color="red" variant="soft">
                  <Link
                    to={dialogUrl({ dialog: 'revoke-api-token', company, token: token.id }, location.search)}
                    preventScrollReset
                    aria-label={`Revoke ${token.name}`}
                  >
                    Revoke
                  </Link>
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </DialogTable>
      ) : null}
      <Flex justify="between" gap="3" wrap="wrap" mt="3">
        <Button asChild variant="soft">
          <Link to={dialogUrl({ dialog: 'api-token', company }, location.search)} preventScrollReset>
            Create API token
          </Link>
        </Button>
        <BackLink to={closeTo}>Close</BackLink>
      </Flex>
    </RouteDialog>
  )
}

/** A name, its scopes, an expiry; then the secret, this one time. */
export function CreateApiTokenDialog({ data: d, closeTo }: DialogProps<ApiTokenDialogData>) {
  const location = useLocation()
  const actionData = useActionData<ApiTokenActionData>()
  const navigation = useNavigation()
  const answer = actionData?.intent === 'create-api-token' && navigation.state === 'idle' ? actionData : undefined
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'create-api-token'
  const company = d.company?.id
  const back = dialogUrl({ dialog: 'api-tokens', company }, location.search)
  const [form, fields] = useForm({
    id: 'create-api-token',
    lastResult: answer?.result,
    constraint: getZodConstraint(apiTokenSchema),
    defaultValue: { company, name: '', scopes: ['read'], expiresInDays: '0' },
    // Checked at Create, not when the name is left: the message it adds would move the scopes under a pressed pointer.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: apiTokenSchema }),
  })
  const description = d.company?.name ?? 'Personal'

  if (answer?.created) {
    return (
      <RouteDialog title="API token created" description={description} closeTo={back} maxWidth="600px">
        <TokenCreated
          name={answer.created.token.name}
          secret={{
            id: 'api-token-secret',
            label: 'API token',
            description: 'Send it as Authorization: Bearer followed by the token. Keep it as you keep a password.',
          }}
          value={answer.created.secret}
          back={back}
        >
          <HowToUse />
        </TokenCreated>
      </RouteDialog>
    )
  }

  return (
    <RouteDialog title="Create API token" description={description} closeTo={back} maxWidth="520px">
      <Form method="post" action={dialogActionUrl({ dialog: 'api-token', company }, closeTo)} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create-api-token" />
        {company ? <input type="hidden" name="company" value={company} /> : null}
        <IdempotencyField value={d.idempotencyKey} />
        <Flex direction="column" gap="2">
          <Text as="p" size="2" color="gray">
            {d.company
              ? 'Name the token after the script or tool that uses it: the activity log shows its changes as made by “API (name)”. Give it only the scopes it needs.'
              : 'A personal token reads your own licenses (/api/v1/me/licenses) and nothing else.'}
          </Text>
          <InputField field={fields.name} label="Name" gap="2" autoComplete="off" />
          <ApiTokenScopesField field={fields.scopes} scopes={d.company ? apiTokenScopes : personalTokenScopes} />
          <TokenFormEnd lifetime={fields.expiresInDays} form={form} back={back} busy={busy} />
        </Flex>
      </Form>
    </RouteDialog>
  )
}

/** Revoking cannot be undone: the scripts using the token stop working at once. */
export function RevokeApiTokenDialog({ data: d, closeTo }: DialogProps<RevokeApiTokenDialogData>) {
  const location = useLocation()
  const navigation = useNavigation()
  const actionData = useActionData<ApiTokenActionData>()
  const refused = actionData?.intent === 'revoke-api-token' && navigation.state === 'idle' ? actionData : undefined
  const company = d.company?.id
  const back = dialogUrl({ dialog: 'api-tokens', company }, location.search)
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'revoke-api-token'
  return (
    <RouteDialog
      title="Revoke API token"
      description={d.company?.name ?? 'Personal'}
      closeTo={back}
      maxWidth="520px"
      role="alertdialog"
    >
      <Form method="post" action={dialogActionUrl({ dialog: 'revoke-api-token', company, token: d.token.id }, closeTo)}>
        <input type="hidden" name="intent" value="revoke-api-token" />
        {company ? <input type="hidden" name="company" value={company} /> : null}
        <input type="hidden" name="token" value={d.token.id} />
        <input type="hidden" name={NAMED_FIELD} value={d.token.name} />
        <IdempotencyField value={d.idempotencyKey} />
        {refused ? <Alert>{refused.message}</Alert> : null}
        <Text as="p" size="2" mb="3">
          Revoke the token {d.token.name} (<code>{d.token.hint}</code>)? Every script that uses it is refused from now
          on. This cannot be undone.
        </Text>
        <ButtonRow justify="end" mt="3">
          <BackLink to={back}>Cancel</BackLink>
          <SubmitButton color="red" variant="soft" busy={busy} busyLabel="Revoking…">
            Revoke
          </SubmitButton>
        </ButtonRow>
      </Form>
    </RouteDialog>
  )
}
