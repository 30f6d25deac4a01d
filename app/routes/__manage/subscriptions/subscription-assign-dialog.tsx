import { ADDRESS_SEPARATORS } from '#protocol/shared/address-list'
import { countOf } from '#protocol/shared/words'
import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { Flex } from '#app/components/themes'
import { Form } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { EmailListField, Field } from '#app/components/forms'
import { PlanSummary, SendEmailCheckbox, textAreaStyle } from '#app/routes/__manage/shared/dialog-parts'
import {
  NotAvailable,
  StepButtons,
  SubscriptionFormFields,
  SubscriptionSubject,
} from '#app/routes/__manage/subscriptions/subscription-dialog-parts'
import { RouteDialog } from '#app/components/route-dialog'
import { labels } from '#app/rules/messages/labels'
import { planSubscriptionAssignment } from '#app/rules/subscription'
import type { DialogProps } from '../shared/registry'
import { assignSchema } from './subscription-schemas'
import type { AssignDialogData } from './subscriptions.server'
import { useSubscriptionForm } from './subscription-form'
import { dialogActionUrl } from '../shared/urls'

/** Manage assignments (spec §2, §5); the summary shows before Update, which an error or all-expired disables. */
export function SubscriptionAssignDialog({ data: d, closeTo }: DialogProps<AssignDialogData>) {
  const { subscription, companyName, refusal } = d
  const id = subscription.subscriptionId
  const intent = 'subscription-assign'
  const hydrated = useHydrated()
  const { answer, busy, form, fields } = useSubscriptionForm(
    intent,
    id,
    assignSchema(subscription, d.now, d.withLapsing),
    {
      defaultValue: { subscription: id, emails: d.emails, lapsingEmails: d.lapsingEmails, sendEmail: d.sendEmail },
      shouldValidate: 'onBlur',
    },
  )

  const live = hydrated
    ? planSubscriptionAssignment({
        licenses: subscription.licenses,
        text: fields.emails.value ?? '',
        ...(d.withLapsing ? { lapsingText: fields.lapsingEmails.value ?? '' } : {}),
        now: d.now,
      })
    : undefined
  const liveError = live && 'error' in live ? live.error : undefined
  const readOnly = Boolean(refusal) || (live !== undefined && !('error' in live) && live.readOnly)
  const summary = live ? ('error' in live ? undefined : live.summary) : answer?.summary
  const emailErrors = liveError ? [liveError] : fields.emails.errors
  const canUpdate = !readOnly && (hydrated ? !liveError : Boolean(answer?.summary))
  const renewing = subscription.licenses.filter((l) => !l.lapsing).length
  const lapsing = subscription.lapsingQuantity
  const counts = `${countOf(renewing, 'license')}${
    lapsing ? ` and ${countOf(lapsing, 'lapsing license')}, which end at term end` : ''
  }`

  return (
    <RouteDialog
      title="Manage Assignments"
      description={`List the email addresses that should hold the subscription's ${counts}. Addresses that hold a license and are not listed lose it.`}
      closeTo={closeTo}
      maxWidth="600px"
    >
      <SubscriptionSubject subscription={subscription} companyName={companyName} />
      {refusal ? <NotAvailable reason={refusal} /> : null}
      <Form
        method="post"
        action={dialogActionUrl({ dialog: 'subscription-assign', subscription: id }, closeTo)}
        {...getFormProps(form)}
      >
        <SubscriptionFormFields intent={intent} subscription={subscription} idempotencyKey={d.idempotencyKey} />
        <Flex direction="column" gap="2">
          <EmailListField
            field={fields.emails}
            label={`${d.withLapsing ? 'Email addresses for renewing licenses' : 'Email addresses'} (separated by ${ADDRESS_SEPARATORS})`}
            errors={emailErrors}
            rows={6}
            readOnly={readOnly}
            style={textAreaStyle}
          />
          {d.withLapsing ? (
            <Field
              id={fields.lapsingEmails.id}
              label={`Email addresses for lapsing licenses (they end at term end; separated by ${ADDRESS_SEPARATORS})`}
              gap="2"
            >
              <textarea
                {...getTextareaProps(fields.lapsingEmails)}
                key={fields.lapsingEmails.key}
                rows={3}
                spellCheck={false}
                autoComplete="off"
                readOnly={readOnly}
                style={textAreaStyle}
              />
            </Field>
          ) : null}
          <SendEmailCheckbox {...getInputProps(fields.sendEmail, { type: 'checkbox' })} key={fields.sendEmail.key} />
          <PlanSummary summary={summary} errorId={form.errorId} errors={form.errors} />
          <StepButtons
            hydrated={hydrated}
            closeTo={closeTo}
            step={{ value: 'preview', label: 'Preview' }}
            apply={{ label: labels.update, busyLabel: 'Updating…' }}
            ready={canUpdate}
            busy={busy}
            readOnly={readOnly}
          />
        </Flex>
      </Form>
    </RouteDialog>
  )
}
