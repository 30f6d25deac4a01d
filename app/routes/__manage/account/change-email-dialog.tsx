import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '#app/utils/conform-zod'
import { Flex, Link } from '#app/components/themes'
import { Form, Link as RemixLink, useActionData, useNavigation } from '@remix-run/react'
import { FieldError } from '#app/components/field-error'
import { ButtonRow, InputField, SubmitButton } from '#app/components/forms'
import { RouteDialog } from '#app/components/route-dialog'
import { labels } from '#app/rules/messages/labels'
import type { DialogProps } from '../shared/registry'
import type { ChangeEmailDialogData } from './change-email.server'
import { changeEmailSchema } from './change-email.schema'
import { dialogActionUrl } from '../shared/urls'

type ChangeEmailActionData = { intent: 'change-email'; result: SubmissionResult<string[]> }

/** Spec §2, §4, §5; Escape closes it. */
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
          <InputField field={fields.newEmail} label="New email address" type="email" gap="2" autoComplete="email" />
          <InputField
            field={fields.confirmEmail}
            label="Confirm new email address"
            type="email"
            gap="2"
            autoComplete="off"
          />
          <FieldError id={form.errorId} errors={form.errors} />

          <ButtonRow justify="end" mt="3">
            <Link asChild size="2" underline="always">
              <RemixLink to={closeTo} preventScrollReset>
                {labels.cancel}
              </RemixLink>
            </Link>
            <SubmitButton busy={busy} busyLabel="Changing…">
              {labels.changeEmailAddress}
            </SubmitButton>
          </ButtonRow>
        </Flex>
      </Form>
    </RouteDialog>
  )
}
