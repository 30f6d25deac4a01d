import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '#app/utils/conform-zod'
import { Flex, Strong, Text } from '#app/components/themes'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import { FieldError } from '#app/components/field-error'
import { ButtonRow, InputField, SubmitButton } from '#app/components/forms'
import { Alert, BackLink } from '#app/routes/__manage/shared/dialog-parts'
import { RouteDialog } from '#app/components/route-dialog'
import { labels } from '#app/rules/messages/labels'
import type { DialogProps } from '../shared/registry'
import type {
  MergeActionData,
  MergeDialogData,
  RemoveActionData,
  RemoveLicenseDialogData,
  RemoveSubscriptionDialogData,
} from './admin.server'
import { MergeSchema } from './admin-schemas'
import { dialogActionUrl } from '../shared/urls'
import { NAMED_FIELD } from '../shared/named'
import { licenseName } from '#app/rules/changes'
import { countOf } from '#protocol/shared/words'

/** Spec §2, §5: the company name, then a confirmation of what will move where. */
export function MergeDialog({ data: { licenseCount }, closeTo }: DialogProps<MergeDialogData>) {
  const actionData = useActionData<MergeActionData>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'merge'
  const own = actionData?.intent === 'merge' && navigation.state === 'idle' ? actionData : undefined
  const confirm = own?.confirm
  const action = dialogActionUrl({ dialog: 'merge' }, closeTo)

  const [form, fields] = useForm({
    id: 'merge',
    lastResult: confirm ? undefined : own?.result,
    constraint: getZodConstraint(MergeSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MergeSchema }),
  })

  return (
    <RouteDialog
      title="Merge Companies"
      description={`Moves the ${countOf(licenseCount, 'license')} you hold in your own name, with their subscriptions, into the company of that name. A new company is created when there is none, with you as its Company Administrator.`}
      closeTo={closeTo}
      maxWidth="520px"
    >
      {confirm ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="merge" />
          <input type="hidden" name="stage" value="merge" />
          <input type="hidden" name="companyName" value={confirm.companyName} />
          <input type="hidden" name="licenseCount" value={String(licenseCount)} />
          <Text as="p" size="3" mb="3" role="alert">
            Merge {countOf(licenseCount, 'license')} into <Strong>{confirm.companyName}</Strong>? This cannot be undone.
          </Text>
          <ButtonRow justify="end">
            <BackLink to={closeTo}>{labels.cancel}</BackLink>
            <SubmitButton color="red" variant="soft" busy={busy} busyLabel="Merging…">
              Merge
            </SubmitButton>
          </ButtonRow>
        </Form>
      ) : (
        <Form method="post" action={action} {...getFormProps(form)}>
          <input type="hidden" name="intent" value="merge" />
          <input type="hidden" name="stage" value="confirm" />
          <Flex direction="column" gap="2">
            <InputField field={fields.companyName} label="Company name" gap="2" autoComplete="organization" />
            <FieldError id={form.errorId} errors={form.errors} />
            <ButtonRow justify="end" mt="3">
              <BackLink to={closeTo}>{labels.cancel}</BackLink>
              <SubmitButton busy={busy}>{labels.continue}</SubmitButton>
            </ButtonRow>
          </Flex>
        </Form>
      )}
    </RouteDialog>
  )
}

function RemoveConfirmation({
  intent,
  title,
  question,
  fields,
  action,
  closeTo,
}: {
  intent: RemoveActionData['intent']
  title: string
  question: string
  fields: Record<string, string>
  action: string
  closeTo: string
}) {
  const actionData = useActionData<RemoveActionData>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const refusal = actionData?.intent === intent && navigation.state === 'idle' ? actionData.message : undefined
  return (
    <RouteDialog title={title} closeTo={closeTo} maxWidth="480px" role="alertdialog">
      {refusal ? <Alert>{refusal}</Alert> : null}
      <Text as="p" size="3" mb="3">
        {question} This cannot be undone.
      </Text>
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <ButtonRow justify="end">
          <BackLink to={closeTo}>{labels.cancel}</BackLink>
          <SubmitButton color="red" variant="soft" busy={busy} busyLabel="Removing…">
            {title}
          </SubmitButton>
        </ButtonRow>
      </Form>
    </RouteDialog>
  )
}

export function RemoveLicenseDialog({ data: { license }, closeTo }: DialogProps<RemoveLicenseDialogData>) {
  const assigned = license.assignedTo ? `, assigned to ${license.assignedTo}` : ''
  return (
    <RemoveConfirmation
      intent="remove-license"
      title="Remove License"
      question={`Remove the license ${license.product}, order ${license.order}, key ${license.key} of ${license.holder}${assigned}?`}
      fields={{
        license: license.id,
        owner: license.owner,
        [NAMED_FIELD]: licenseName(license),
        holder: license.holder,
      }}
      action={dialogActionUrl({ dialog: 'remove-license', license: license.id, owner: license.owner }, closeTo)}
      closeTo={closeTo}
    />
  )
}

export function RemoveSubscriptionDialog({
  data: { subscription },
  closeTo,
}: DialogProps<RemoveSubscriptionDialogData>) {
  return (
    <RemoveConfirmation
      intent="remove-subscription"
      title="Remove Subscription"
      question={`Remove the subscription ${subscription.title} (${subscription.id}) of ${subscription.holder}, and its licenses?`}
      fields={{ subscription: subscription.id, [NAMED_FIELD]: subscription.title, holder: subscription.holder }}
      action={dialogActionUrl({ dialog: 'remove-subscription', subscription: subscription.id }, closeTo)}
      closeTo={closeTo}
    />
  )
}
