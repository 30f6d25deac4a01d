import { getCollectionProps, getFormProps, getInputProps } from '@conform-to/react'
import { Button, Flex, Text, TextField } from '@radix-ui/themes'
import { Form } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { FieldError } from '#app/components/field-error'
import { BackLink, checkboxStyle } from '#app/routes/__manage/shared/dialog-parts'
import {
  ButtonRow,
  Consequence,
  NotAvailable,
  Refusal,
  SubscriptionSubject,
} from '#app/routes/__manage/subscriptions/subscription-dialog-parts'
import { IdempotencyField } from '#app/components/idempotency-field'
import { RouteDialog } from '#app/components/route-dialog'
import { normalizeEmail } from '#app/rules/email'
import { labels } from '#app/rules/messages'
import { MAX_QUANTITY, MIN_QUANTITY } from '#app/rules/subscription'
import type { DialogProps } from '../dialogs'
import { quantityConsequence } from './consequences'
import { quantitySchema } from './subscription-schemas'
import type { SubscriptionDialogData } from './subscriptions.server'
import { useSubscriptionForm } from './subscription-form'
import { subscriptionActionUrl } from './urls'

/**
 * Change quantity (spec §4, §5): the number of licenses, 1 to 100. What the new number does is shown before Change
 * Quantity — with script as it is typed, without script after Review (a step the server renders). A decrease below
 * the number of assignees asks for exactly that many addresses whose licenses lapse.
 */
export function QuantityDialog({ data, closeTo }: DialogProps) {
  const d = data as SubscriptionDialogData
  const { subscription, companyName, refusal } = d
  const id = subscription.subscriptionId
  const intent = 'subscription-quantity'
  const hydrated = useHydrated()
  const { answer, busy, form, fields } = useSubscriptionForm(intent, id, quantitySchema(subscription), {
    defaultValue: { subscription: id, quantity: String(subscription.quantity), lapse: [] },
    shouldValidate: 'onSubmit',
  })

  const consequence = quantityConsequence(subscription, fields.quantity.value)
  const assignees = [
    ...new Set(
      subscription.licenses
        .filter((l) => !l.lapsing && l.assignedTo.trim() !== '')
        .map((l) => normalizeEmail(l.assignedTo)),
    ),
  ].sort()
  const choosing = consequence.kind === 'decrease' && consequence.required > 0
  const canApply = consequence.kind !== 'same'

  return (
    <RouteDialog title="Change Quantity" closeTo={closeTo} maxWidth="580px">
      <SubscriptionSubject subscription={subscription} companyName={companyName} />
      {refusal ? (
        <>
          <NotAvailable reason={refusal} />
          <ButtonRow>
            <BackLink to={closeTo}>{labels.close}</BackLink>
          </ButtonRow>
        </>
      ) : (
        <Form
          method="post"
          action={subscriptionActionUrl('subscription-quantity', id, closeTo)}
          {...getFormProps(form)}
        >
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="subscription" value={id} />
          <IdempotencyField value={d.idempotencyKey} />
          <Flex direction="column" gap="2">
            <label htmlFor={fields.quantity.id}>
              <Text size="2" weight="medium">
                Number of licenses ({MIN_QUANTITY} to {MAX_QUANTITY})
              </Text>
            </label>
            <TextField.Root
              {...getInputProps(fields.quantity, { type: 'number' })}
              key={fields.quantity.key}
              inputMode="numeric"
              step={1}
              style={{ maxWidth: 140 }}
            />
            <FieldError id={fields.quantity.errorId} errors={fields.quantity.errors} />
            <div role="status" aria-live="polite">
              <Consequence>{consequence.text}</Consequence>
            </div>
            {choosing ? (
              <fieldset aria-describedby={fields.lapse.errorId} style={{ border: 0, padding: 0, margin: 0 }}>
                <legend>
                  <Text size="2" weight="medium">
                    Licenses to lapse: choose {consequence.required} address(es)
                  </Text>
                </legend>
                <Flex direction="column" gap="1" mt="1">
                  {getCollectionProps(fields.lapse, { type: 'checkbox', options: assignees }).map((props) => (
                    <Flex asChild gap="2" align="center" key={props.key}>
                      <label htmlFor={props.id}>
                        <input {...props} key={props.key} style={checkboxStyle} />
                        <Text size="2">{props.value}</Text>
                      </label>
                    </Flex>
                  ))}
                </Flex>
              </fieldset>
            ) : null}
            <FieldError id={fields.lapse.errorId} errors={choosing ? fields.lapse.errors : undefined} />
            <FieldError id={form.errorId} errors={form.errors} />
            <Refusal answer={answer} />
            <ButtonRow>
              <BackLink to={closeTo}>{labels.cancel}</BackLink>
              {hydrated ? null : (
                <Button type="submit" name="stage" value="review" variant={canApply ? 'soft' : 'solid'}>
                  Review
                </Button>
              )}
              {hydrated || canApply ? (
                <Button type="submit" name="stage" value="apply" disabled={busy || !canApply}>
                  {busy ? 'Changing…' : 'Change Quantity'}
                </Button>
              ) : null}
            </ButtonRow>
          </Flex>
        </Form>
      )}
    </RouteDialog>
  )
}
