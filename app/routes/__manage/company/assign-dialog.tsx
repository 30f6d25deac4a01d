import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '#app/utils/conform-zod'
import { Flex, Text } from '#app/components/themes'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import { FieldError } from '#app/components/field-error'
import { ButtonRow, InputField, SubmitButton } from '#app/components/forms'
import { IdempotencyField } from '#app/components/idempotency-field'
import { BackLink } from '#app/routes/__manage/shared/dialog-parts'
import { RouteDialog } from '#app/components/route-dialog'
import { labels } from '#app/rules/messages/labels'
import { cannotAssign } from '#protocol/licenses/licenses'
import type { DialogProps } from '../shared/registry'
import type { AssignActionData, AssignDialogData } from './assign.server'
import { AssignSchema } from './license-schemas'
import { SEEN_HOLDER_FIELD } from './seen-fields'
import { NAMED_FIELD } from '../shared/named'
import { dialogActionUrl } from '../shared/urls'

/** Spec §2, §5. */
export function AssignDialog({
  data: { license, companyName, assignable, idempotencyKey },
  closeTo,
}: DialogProps<AssignDialogData>) {
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
          action={dialogActionUrl({ dialog: 'assign', license: license.id, owner: license.owner }, closeTo)}
          {...getFormProps(form)}
        >
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="license" value={license.id} />
          <input type="hidden" name="owner" value={license.owner} />
          {/* The holder this dialog shows: if someone else changes it first, the service refuses and says who. */}
          <input type="hidden" name={SEEN_HOLDER_FIELD} value={license.assignedTo} />
          <input type="hidden" name={NAMED_FIELD} value={license.name} />
          <IdempotencyField value={idempotencyKey} />
          <Flex direction="column" gap="2">
            <InputField field={fields.email} label="Email" type="email" gap="2" autoComplete="off" />
            <FieldError id={form.errorId} errors={form.errors} />
            <ButtonRow justify="end" mt="3">
              <BackLink to={closeTo}>{labels.cancel}</BackLink>
              <SubmitButton busy={busy} busyLabel="Assigning…">
                Assign
              </SubmitButton>
            </ButtonRow>
          </Flex>
        </Form>
      )}
    </RouteDialog>
  )
}
