import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '#app/utils/conform-zod'
import { Flex, Text } from '#app/components/themes'
import { Form, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { InputField } from '#app/components/forms'
import { IdempotencyField } from '#app/components/idempotency-field'
import { RouteDialog } from '#app/components/route-dialog'
import { TokenCreated, TokenFormEnd } from '../shared/access-token-parts'
import type { DialogProps } from '../shared/registry'
import { dialogActionUrl, dialogUrl } from '../shared/urls'
import type { DirectoryActionData, ScimTokenDialogData } from './directory.server'
import { scimTokenSchema } from './directory-schemas'
import { CopyField } from '../shared/copy-field'

/** The log names it "identity provider (name)"; the token shows this one time, with the SCIM base URL. */
export function ScimTokenDialog({ data: d, closeTo }: DialogProps<ScimTokenDialogData>) {
  const location = useLocation()
  const actionData = useActionData<DirectoryActionData>()
  const navigation = useNavigation()
  const answer = actionData?.intent === 'create-scim-token' && navigation.state === 'idle' ? actionData : undefined
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'create-scim-token'
  const back = dialogUrl({ dialog: 'directory', company: d.company.id }, location.search)
  const [form, fields] = useForm({
    id: 'create-scim-token',
    lastResult: answer?.result,
    constraint: getZodConstraint(scimTokenSchema),
    defaultValue: { company: d.company.id, name: '', expiresInDays: '0' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: scimTokenSchema }),
  })

  if (answer?.created) {
    return (
      <RouteDialog title="SCIM token created" description={d.company.name} closeTo={back} maxWidth="600px">
        <TokenCreated
          name={answer.created.token.name}
          secret={{
            id: 'scim-token-secret',
            label: 'SCIM token',
            description:
              'In Okta: Provisioning > Integration > API Token. In Entra ID: Provisioning > Admin Credentials > Secret Token.',
          }}
          value={answer.created.secret}
          back={back}
        >
          <CopyField id="scim-token-url" label="SCIM base URL" value={d.scimBaseUrl} />
        </TokenCreated>
      </RouteDialog>
    )
  }

  return (
    <RouteDialog title="Create SCIM token" description={d.company.name} closeTo={back} maxWidth="520px">
      <Form
        method="post"
        action={dialogActionUrl({ dialog: 'scim-token', company: d.company.id }, closeTo)}
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value="create-scim-token" />
        <input type="hidden" name="company" value={d.company.id} />
        <IdempotencyField value={d.idempotencyKey} />
        <Flex direction="column" gap="2">
          <Text as="p" size="2" color="gray">
            Name the token after the identity provider that uses it, e.g. Okta: the activity log shows its changes as
            made by &ldquo;identity provider (Okta)&rdquo;.
          </Text>
          <InputField field={fields.name} label="Name" gap="2" autoComplete="off" />
          <TokenFormEnd lifetime={fields.expiresInDays} form={form} back={back} busy={busy} />
        </Flex>
      </Form>
    </RouteDialog>
  )
}
