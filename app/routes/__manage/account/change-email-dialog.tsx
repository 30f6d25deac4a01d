import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Button, Flex, Link, Text, TextField } from '@radix-ui/themes'
import { Form, Link as RemixLink, useActionData, useNavigation } from '@remix-run/react'
import { FieldError } from '#app/components/field-error'
import { RouteDialog } from '#app/components/route-dialog'
import { labels } from '#app/rules/messages'
import type { DialogProps } from '../shared/registry'
import type { ChangeEmailDialogData } from './change-email.server'
import { changeEmailSchema } from './change-email.schema'
import { dialogActionUrl } from '../shared/urls'

type ChangeEmailActionData = { intent: 'change-email'; result: SubmissionResult<string[]> }

/** Change Email Address (spec §2, §4, §5): a new address and its confirmation; Escape closes it. */
export function ChangeEmailDialog({ data: { currentEmail }, closeTo }: DialogProps<ChangeEmailDialogData>) {
  const schema = changeEmailSchema(currentEmail)
  const actionData = useActionData<ChangeEmailActionData>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'change-email'
  const lastResult =
    actionData?.intent === 'change-email' && navigation.state === 'idle' ? actionData.result : undefined

  const [form, fields] = useForm({
    id: 'change-email',
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })

  return (
    <RouteDialog
      title={labels.changeEmailAddress}
      description={`Your licenses are held by ${currentEmail}. We will email a confirmation link to the new address; the change takes effect when it is confirmed.`}
      closeTo={closeTo}
      maxWidth="480px"
    >
      <Form method="post" action={dialogActionUrl({ dialog: 'change-email' }, closeTo)} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="change-email" />
        <Flex direction="column" gap="2">
          <label htmlFor={fields.newEmail.id}>
            <Text size="2" weight="medium">
              New email address
            </Text>
          </label>
          <TextField.Root
            {...getInputProps(fields.newEmail, { type: 'email' })}
            key={fields.newEmail.key}
            autoComplete="email"
          />
          <FieldError id={fields.newEmail.errorId} errors={fields.newEmail.errors} />

          <label htmlFor={fields.confirmEmail.id}>
            <Text size="2" weight="medium">
              Confirm new email address
            </Text>
          </label>
          <TextField.Root
            {...getInputProps(fields.confirmEmail, { type: 'email' })}
            key={fields.confirmEmail.key}
            autoComplete="off"
          />
          <FieldError id={fields.confirmEmail.errorId} errors={fields.confirmEmail.errors} />
          <FieldError id={form.errorId} errors={form.errors} />

          <Flex gap="3" justify="end" mt="3">
            <Link asChild size="2" underline="always">
              <RemixLink to={closeTo} preventScrollReset>
                {labels.cancel}
              </RemixLink>
            </Link>
            <Button type="submit" disabled={busy}>
              {busy ? 'Changing…' : labels.changeEmailAddress}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </RouteDialog>
  )
}
