import { getCollectionProps, getFormProps } from '@conform-to/react'
import { Flex, Text } from '#app/components/themes'
import { Form, useLocation, useNavigate } from '@remix-run/react'
import { useEffect } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { FieldError } from '#app/components/field-error'
import { InputField } from '#app/components/forms'
import { checkboxStyle } from '#app/routes/__manage/shared/dialog-parts'
import {
  Consequence,
  NotAvailable,
  NotAvailableWithClose,
  PriceLine,
  Refusal,
  StepButtons,
  SubscriptionFormFields,
  SubscriptionSubject,
} from '#app/routes/__manage/subscriptions/subscription-dialog-parts'
import { RouteDialog } from '#app/components/route-dialog'
import type { DialogProps } from '../shared/registry'
import { priceText, quantityConsequence } from './consequences'
import { quantitySchema } from './subscription-schemas'
import type { QuantityDialogData } from './subscriptions.server'
import { useSubscriptionForm } from './subscription-form'
import { dialogActionUrl } from '../shared/urls'
import { normalizeEmail } from '#protocol/shared/email'
import { MAX_QUANTITY, MIN_QUANTITY } from '#protocol/subscriptions/quantity'
import { countOf } from '#protocol/shared/words'

/** Spec §4, §5: the effect shows before Change Quantity (as typed, or after Review); a decrease may ask who lapses. */
export function QuantityDialog({ data: d, closeTo }: DialogProps<QuantityDialogData>) {
  const { subscription, companyName, refusal } = d
  const id = subscription.subscriptionId
  const intent = 'subscription-quantity'
  const hydrated = useHydrated()
  const { answer, busy, form, fields } = useSubscriptionForm(intent, id, quantitySchema(subscription), {
    defaultValue: { subscription: id, quantity: String(subscription.quantity), lapse: [] },
    shouldValidate: 'onSubmit',
  })

  const consequence = quantityConsequence(subscription, fields.quantity.value, d.now)
  const wanted = consequence.kind === 'same' ? undefined : consequence.quantity
  usePriceAsTyped(wanted, hydrated)
  // The price shown is the one for the number in the field: from the URL as typed (script), or from Review.
  const priced = hydrated ? { ...d, quantity: d.previewed } : answer?.priced
  const price = priced && wanted !== undefined && priced.quantity === wanted ? priced : undefined
  const assignees = [
    ...new Set(
      subscription.licenses
        .filter((l) => !l.lapsing && l.assignedTo.trim() !== '')
        .map((l) => normalizeEmail(l.assignedTo)),
    ),
  ].sort()
  const choosing = consequence.kind === 'decrease' && consequence.required > 0
  const canApply = price?.preview !== undefined

  return (
    <RouteDialog title="Change Quantity" closeTo={closeTo} maxWidth="580px">
      <SubscriptionSubject subscription={subscription} companyName={companyName} />
      {refusal ? (
        <NotAvailableWithClose reason={refusal} closeTo={closeTo} />
      ) : (
        <Form
          method="post"
          action={dialogActionUrl({ dialog: 'subscription-quantity', subscription: id }, closeTo)}
          {...getFormProps(form)}
        >
          <SubscriptionFormFields intent={intent} subscription={subscription} idempotencyKey={d.idempotencyKey} />
          <Flex direction="column" gap="2">
            <InputField
              field={fields.quantity}
              label={`Number of licenses (${MIN_QUANTITY} to ${MAX_QUANTITY})`}
              type="number"
              gap="2"
              inputMode="numeric"
              step={1}
              style={{ maxWidth: 140 }}
            />
            {canApply ? <input type="hidden" name="previewed" value={String(wanted)} /> : null}
            <div role="status" aria-live="polite">
              {price?.preview ? (
                <PriceLine>{priceText(subscription, price.preview)}</PriceLine>
              ) : price?.previewError ? (
                <NotAvailable reason={price.previewError} />
              ) : null}
              <Consequence>{consequence.text}</Consequence>
            </div>
            {choosing ? (
              <fieldset aria-describedby={fields.lapse.errorId} style={{ border: 0, padding: 0, margin: 0 }}>
                <legend>
                  <Text size="2" weight="medium">
                    Licenses to lapse: choose {countOf(consequence.required, 'address', 'addresses')}
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
            <StepButtons
              hydrated={hydrated}
              closeTo={closeTo}
              step={{ value: 'review', label: 'Review' }}
              apply={{ label: 'Change Quantity', busyLabel: 'Changing…' }}
              ready={canApply}
              busy={busy}
            />
          </Flex>
        </Form>
      )}
    </RouteDialog>
  )
}

/** With script, the number typed goes into the URL (`quantity`) a moment after typing stops: the loader prices it. */
function usePriceAsTyped(wanted: number | undefined, hydrated: boolean) {
  const navigate = useNavigate()
  const { search } = useLocation()
  useEffect(() => {
    if (!hydrated) return
    const params = new URLSearchParams(search)
    const asked = wanted === undefined ? null : String(wanted)
    if (params.get('quantity') === asked) return
    const timer = setTimeout(() => {
      if (asked === null) params.delete('quantity')
      else params.set('quantity', asked)
      navigate(`?${params}`, { replace: true, preventScrollReset: true })
    }, 300)
    return () => clearTimeout(timer)
  }, [wanted, hydrated, search, navigate])
}
