import { Box, Callout, Link, Strong, Text } from '#app/components/themes'
import { Link as RemixLink, useActionData, useLocation, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { Subscription } from '#protocol/entities'
import { currencyMismatchHint, currencyMismatchTitle } from '#app/rules/messages/manage'
import { chargeErrorAdvice, chargeErrorTitle } from '#protocol/subscriptions/subscriptions'
import { dialogUrl } from '../shared/urls'
import type { SubscriptionActionData } from '#app/routes/__manage/subscriptions/subscriptions.server'
import { subscriptionTitle } from '#protocol/catalog/products'
import { NAMED_FIELD } from '../shared/named'
import { useSupportEmail } from '#app/utils/support-email'
import { ButtonRow, SubmitButton } from '#app/components/forms'
import { IdempotencyField } from '#app/components/idempotency-field'
import { labels } from '#app/rules/messages/labels'
import { BackLink } from '../shared/dialog-parts'

// Pieces the subscription dialogs share, and the refusals of spec §8 "Subscriptions".

/** By product, plan, billing and seats (and the company), its id after. */
export function SubscriptionSubject({
  subscription,
  companyName,
}: {
  subscription: Subscription
  companyName?: string
}) {
  return (
    <Text as="p" size="2" mb="2" color="gray">
      {subscriptionTitle(subscription)}
      {companyName ? ` of ${companyName}` : ''} (subscription {subscription.subscriptionId})
    </Text>
  )
}

/** Stated before the confirm button. */
export function Consequence({ children }: { children: ReactNode }) {
  return (
    <Callout.Root color="gray" variant="surface" mb="3">
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  )
}

/** What the change costs, before anything else about it. */
export function PriceLine({ children }: { children: ReactNode }) {
  return (
    <Text as="p" size="3" weight="bold" mb="2">
      {children}
    </Text>
  )
}

export function NotAvailable({ reason }: { reason: string }) {
  return (
    <Text as="p" role="alert" size="3" mb="3">
      {reason}
    </Text>
  )
}

/** And the dialog's only way on: Close. */
export function NotAvailableWithClose({ reason, closeTo }: { reason: string; closeTo: string }) {
  return (
    <>
      <NotAvailable reason={reason} />
      <ButtonRow justify="end" mt="2">
        <BackLink to={closeTo}>{labels.close}</BackLink>
      </ButtonRow>
    </>
  )
}

/** Its intent, the subscription (and its name, for the sentence after), the submission's key. */
export function SubscriptionFormFields(props: { intent: string; subscription: Subscription; idempotencyKey: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="subscription" value={props.subscription.subscriptionId} />
      <input type="hidden" name={NAMED_FIELD} value={subscriptionTitle(props.subscription)} />
      <IdempotencyField value={props.idempotencyKey} />
    </>
  )
}

/** Once the submission is over; never another dialog's. */
export function useSubscriptionAnswer(intent: string, subscriptionId: string): SubscriptionActionData | undefined {
  const actionData = useActionData<SubscriptionActionData>()
  const navigation = useNavigation()
  if (navigation.state !== 'idle') return undefined
  return actionData?.intent === intent && actionData.subscription === subscriptionId ? actionData : undefined
}

export function useBusy(intent: string): boolean {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
}

export function useSubscriptionAction(intent: string, subscriptionId: string) {
  return { answer: useSubscriptionAnswer(intent, subscriptionId), busy: useBusy(intent) }
}

/** Spec §8: CHARGE_ERROR, with the advice to update the payment method and the way there. */
export function ChargeError({ subscriptionId }: { subscriptionId: string }) {
  const location = useLocation()
  return (
    <Callout.Root color="red" role="alert" mb="3">
      <Callout.Text>
        <Strong>{chargeErrorTitle}</Strong> {chargeErrorAdvice}{' '}
        <Link asChild>
          <RemixLink
            to={dialogUrl({ dialog: 'subscription-payment-method', subscription: subscriptionId }, location.search)}
            preventScrollReset
          >
            Update payment method
          </RemixLink>
        </Link>
      </Callout.Text>
    </Callout.Root>
  )
}

/** Spec §8: with the VPN and contact hint. */
export function CurrencyError() {
  const supportEmail = useSupportEmail()
  return (
    <Callout.Root color="red" role="alert" mb="3">
      <Callout.Text>
        <Strong>{currencyMismatchTitle}</Strong>
      </Callout.Text>
      <Callout.Text>{currencyMismatchHint(supportEmail)}</Callout.Text>
    </Callout.Root>
  )
}

export function Refusal({ answer }: { answer?: SubscriptionActionData }) {
  if (!answer) return null
  if (answer.kind === 'charge') return <ChargeError subscriptionId={answer.subscription} />
  if (answer.kind === 'currency') return <CurrencyError />
  if (!answer.message) return null
  return (
    <Text as="p" role="alert" color="red" size="2" mb="2">
      {answer.message}
    </Text>
  )
}

export function Spacer() {
  return <Box mt="2" />
}

/** Cancel; without script the server's step (Preview, Review), then the change; with script the change at once. */
export function StepButtons(props: {
  hydrated: boolean
  closeTo: string
  step: { value: string; label: string }
  apply: { label: string; busyLabel: string }
  ready: boolean
  busy: boolean
  /** Every license has expired: no step, the change shown disabled. */
  readOnly?: boolean
}) {
  const { hydrated, closeTo, step, apply, ready, busy, readOnly = false } = props
  return (
    <ButtonRow justify="end" mt="2">
      <BackLink to={closeTo}>{labels.cancel}</BackLink>
      {hydrated || readOnly ? null : (
        <SubmitButton name="stage" value={step.value} variant={ready ? 'soft' : 'solid'}>
          {step.label}
        </SubmitButton>
      )}
      {ready || hydrated || readOnly ? (
        <SubmitButton name="stage" value="apply" busy={busy} busyLabel={apply.busyLabel} disabled={!ready}>
          {apply.label}
        </SubmitButton>
      ) : null}
    </ButtonRow>
  )
}
