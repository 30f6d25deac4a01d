import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Button, Flex, Text, TextField } from '@radix-ui/themes'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import { FieldError } from '#app/components/field-error'
import { IdempotencyField } from '#app/components/idempotency-field'
import { BackLink } from '#app/routes/__manage/shared/dialog-parts'
import { RouteDialog } from '#app/components/route-dialog'
import { cannotAssign, labels } from '#app/rules/messages'
import type { DialogProps } from '../dialogs'
import type { AssignActionData, AssignDialogData } from './assign.server'
import { AssignSchema } from './license-schemas'
import { dialogActionUrl, SEEN_HOLDER_FIELD } from '../shared/urls'

/** Assign dialog (spec §2, §5): one email field; confirming assigns the license. */
export function AssignDialog({ data, closeTo }: DialogProps) {
  const { license, companyName, assignable, idempotencyKey } = data as AssignDialogData
  const actionData = useActionData<AssignActionData>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'assign'
  const lastResult = actionData?.intent === 'assign' && navigation.state === 'idle' ? actionData.result : undefined

  const [form, fields] = useForm({
    id: 'assign',
    lastResult,
    constraint: getZodConstraint(AssignSchema),
    defaultValue: { license: license.id, email: license.assignedTo },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AssignSchema }),
  })

  return (
    <RouteDialog
      title="Assign License"
      description={`${license.product}, order ${license.order}, key ${license.key} (${companyName})`}
      closeTo={closeTo}
      maxWidth="480px"
    >
      {!assignable ? (
        <>
          <Text as="p" size="2" mb="3">
            {cannotAssign}
          </Text>
          <Flex justify="end">
            <BackLink to={closeTo}>{labels.close}</BackLink>
          </Flex>
        </>
      ) : (
        <Form
          method="post"
          action={dialogActionUrl({ dialog: 'assign', license: license.id }, closeTo)}
          {...getFormProps(form)}
        >
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="license" value={license.id} />
          {/* The holder this dialog shows: if someone else changes it first, the service refuses and says who. */}
          <input type="hidden" name={SEEN_HOLDER_FIELD} value={license.assignedTo} />
          <IdempotencyField value={idempotencyKey} />
          <Flex direction="column" gap="2">
            <label htmlFor={fields.email.id}>
              <Text size="2" weight="medium">
                Email
              </Text>
            </label>
            <TextField.Root
              {...getInputProps(fields.email, { type: 'email' })}
              key={fields.email.key}
              autoComplete="off"
            />
            <FieldError id={fields.email.errorId} errors={fields.email.errors} />
            <FieldError id={form.errorId} errors={form.errors} />
            <Flex gap="3" justify="end" mt="3">
              <BackLink to={closeTo}>{labels.cancel}</BackLink>
              <Button type="submit" disabled={busy}>
                {busy ? 'Assigning…' : 'Assign'}
              </Button>
            </Flex>
          </Flex>
        </Form>
      )}
    </RouteDialog>
  )
}
