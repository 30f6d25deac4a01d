import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { Button, Flex, Text } from '@radix-ui/themes'
import { Form } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { FieldError } from '#app/components/field-error'
import { BackLink, PlanSummary, SendEmailCheckbox, textAreaStyle } from '#app/routes/__manage/shared/dialog-parts'
import {
  ButtonRow,
  NotAvailable,
  SubscriptionSubject,
} from '#app/routes/__manage/subscriptions/subscription-dialog-parts'
import { IdempotencyField } from '#app/components/idempotency-field'
import { RouteDialog } from '#app/components/route-dialog'
import { labels } from '#app/rules/messages'
import { planSubscriptionAssignment } from '#app/rules/subscription'
import type { DialogProps } from '../dialogs'
import { assignSchema } from './subscription-schemas'
import type { AssignDialogData } from './subscriptions.server'
import { useSubscriptionForm } from './subscription-form'
import { subscriptionActionUrl } from './urls'

/**
 * Manage assignments, the subscription bulk assign (spec §2, §5): the addresses that should hold the subscription's
 * licenses, separated by newline, comma or semicolon (de-duplicated case-insensitively); those of the lapsing licenses
 * apart when there are any. The plan's summary is shown before Update — with script as it is typed, without script
 * after Preview (a step the server renders). Update is disabled on an error or when every license has expired.
 */
export function SubscriptionAssignDialog({ data, closeTo }: DialogProps) {
  const d = data as AssignDialogData
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
  const counts = `${subscription.licenses.filter((l) => !l.lapsing).length} license(s)${
    subscription.lapsingQuantity ? ` and ${subscription.lapsingQuantity} lapsing license(s), which end at term end` : ''
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
      <Form method="post" action={subscriptionActionUrl('subscription-assign', id, closeTo)} {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="subscription" value={id} />
        <IdempotencyField value={d.idempotencyKey} />
        <Flex direction="column" gap="2">
          <label htmlFor={fields.emails.id}>
            <Text size="2" weight="medium">
              {d.withLapsing ? 'Email addresses for renewing licenses' : 'Email addresses'} (separated by newline, comma
              or semicolon)
            </Text>
          </label>
          <textarea
            {...getTextareaProps(fields.emails)}
            key={fields.emails.key}
            rows={6}
            spellCheck={false}
            autoComplete="off"
            readOnly={readOnly}
            style={textAreaStyle}
          />
          <FieldError id={fields.emails.errorId} errors={emailErrors} />
          {d.withLapsing ? (
            <>
              <label htmlFor={fields.lapsingEmails.id}>
                <Text size="2" weight="medium">
                  Email addresses for lapsing licenses (they end at term end)
                </Text>
              </label>
              <textarea
                {...getTextareaProps(fields.lapsingEmails)}
                key={fields.lapsingEmails.key}
                rows={3}
                spellCheck={false}
                autoComplete="off"
                readOnly={readOnly}
                style={textAreaStyle}
              />
            </>
          ) : null}
          <SendEmailCheckbox {...getInputProps(fields.sendEmail, { type: 'checkbox' })} key={fields.sendEmail.key} />
          <PlanSummary summary={summary} errorId={form.errorId} errors={form.errors} />
          <ButtonRow>
            <BackLink to={closeTo}>{labels.cancel}</BackLink>
            {hydrated || readOnly ? null : (
              <Button type="submit" name="stage" value="preview" variant={canUpdate ? 'soft' : 'solid'}>
                Preview
              </Button>
            )}
            {canUpdate || hydrated || readOnly ? (
              <Button type="submit" name="stage" value="apply" disabled={busy || !canUpdate}>
                {busy ? 'Updating…' : labels.update}
              </Button>
            ) : null}
          </ButtonRow>
        </Flex>
      </Form>
    </RouteDialog>
  )
}
