// The subscription dialogs confirmed with one button, and the offer, receipts and payment method (spec §2).
import { Link, Table, Text } from '#app/components/themes'
import { Form, useNavigate, useRevalidator } from '@remix-run/react'
import type { SerializeFrom } from '@remix-run/node'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { ButtonRow, Field, SubmitButton } from '#app/components/forms'
import { BackLink, NativeSelect } from '#app/routes/__manage/shared/dialog-parts'
import {
  Consequence,
  NotAvailable,
  NotAvailableWithClose,
  PriceLine,
  Refusal,
  SubscriptionFormFields,
  SubscriptionSubject,
  useSubscriptionAction,
} from '#app/routes/__manage/subscriptions/subscription-dialog-parts'
import { PaddleUpdateOverlay, SandboxUpdateFrame } from '#app/routes/__manage/subscriptions/payment-method-frame'
import { usePageTheme } from '#app/components/frame/theme-toggle'
import { withProviderTheme } from '#app/utils/provider-theme'
import { RouteDialog } from '#app/components/route-dialog'
import { formatDate } from '#protocol/shared/dates'
import { labels } from '#app/rules/messages/labels'
import { formatPrice } from '#protocol/shared/money'
import type { DialogProps } from '../shared/registry'
import {
  cancelConsequence,
  offerConsequence,
  pauseConsequence,
  paymentMethodText,
  priceText,
  restartConsequence,
  resumeConsequence,
  upgradeConsequence,
} from './consequences'
import type {
  OfferDialogData,
  PaymentMethodDialogData,
  PricedChange,
  PricedDialogData,
  ReceiptsDialogData,
  SubscriptionDialogData,
} from './subscriptions.server'
import { dialogActionUrl, type SubscriptionDialogName } from '../shared/urls'
import { subscriptionWords } from '../shared/subscription-words'

type ConfirmProps = {
  data: SerializeFrom<SubscriptionDialogData>
  closeTo: string
  dialog: SubscriptionDialogName
  title: string
  intent: string
  /** E.g. the pause/resume action. */
  fields?: Record<string, string>
  consequence: string
  confirm: string
  busyText: string
  keep?: string
  danger?: boolean
  /** A change that moves money: its price is said first, and without one it is not offered. */
  priced?: SerializeFrom<PricedChange>
}

/** The consequence, then the button (or the reason it is not available). */
function ConfirmDialog({
  data,
  closeTo,
  dialog,
  title,
  intent,
  fields = {},
  consequence,
  confirm,
  busyText,
  keep,
  danger,
  priced,
}: ConfirmProps) {
  const { subscription, companyName } = data
  const refusal = data.refusal ?? priced?.previewError
  const { answer, busy } = useSubscriptionAction(intent, subscription.subscriptionId)
  return (
    <RouteDialog title={title} closeTo={closeTo} maxWidth="540px" role={danger ? 'alertdialog' : 'dialog'}>
      <SubscriptionSubject subscription={subscription} companyName={companyName} />
      {refusal ? (
        <NotAvailableWithClose reason={refusal} closeTo={closeTo} />
      ) : (
        <Form method="post" action={dialogActionUrl({ dialog, subscription: subscription.subscriptionId }, closeTo)}>
          <SubscriptionFormFields intent={intent} subscription={subscription} idempotencyKey={data.idempotencyKey} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {priced?.preview ? <PriceLine>{priceText(subscription, priced.preview)}</PriceLine> : null}
          <Consequence>{consequence}</Consequence>
          <Refusal answer={answer} />
          <ButtonRow justify="end" mt="2">
            <BackLink to={closeTo}>{keep ?? labels.cancel}</BackLink>
            <SubmitButton
              color={danger ? 'red' : undefined}
              variant={danger ? 'soft' : 'solid'}
              busy={busy}
              busyLabel={busyText}
            >
              {confirm}
            </SubmitButton>
          </ButtonRow>
        </Form>
      )}
    </RouteDialog>
  )
}

type ConfirmConfig = Omit<ConfirmProps, 'data' | 'closeTo' | 'dialog' | 'consequence'> & {
  consequence: (data: ConfirmProps['data']) => string
}

function confirmDialog(dialog: SubscriptionDialogName, config: ConfirmConfig) {
  function SubscriptionConfirmDialog({ data, closeTo }: DialogProps<SubscriptionDialogData>) {
    return (
      <ConfirmDialog {...config} data={data} closeTo={closeTo} dialog={dialog} consequence={config.consequence(data)} />
    )
  }
  return SubscriptionConfirmDialog
}

/** Spec §4: irreversible; the licenses keep working until they expire. */
export const CancelDialog = confirmDialog('subscription-cancel', {
  title: 'Cancel Subscription',
  intent: 'subscription-cancel',
  consequence: (d) => cancelConsequence(d.subscription, d.now, { personal: d.companyName === undefined }),
  confirm: 'Cancel Subscription',
  busyText: 'Cancelling…',
  keep: 'Keep Subscription',
  danger: true,
})

/** Spec §4: one call, `action` says which. */
export const PauseDialog = confirmDialog('subscription-pause', {
  title: 'Pause Subscription',
  intent: 'subscription-pause-resume',
  fields: { action: 'pause' },
  consequence: (d) => pauseConsequence(d.subscription, d.now),
  confirm: 'Pause Subscription',
  busyText: 'Pausing…',
})

export const ResumeDialog = confirmDialog('subscription-resume', {
  title: 'Resume Subscription',
  intent: 'subscription-pause-resume',
  fields: { action: 'resume' },
  consequence: (d) => resumeConsequence(d.subscription),
  confirm: 'Resume Subscription',
  busyText: 'Resuming…',
})

/** Spec §4: a new term charged now, its price as the provider computes it. */
export function RestartDialog({ data, closeTo }: DialogProps<PricedDialogData>) {
  return (
    <ConfirmDialog
      data={data}
      closeTo={closeTo}
      dialog="subscription-restart"
      title="Restart Subscription"
      intent="subscription-pause-resume"
      fields={{ action: 'restart' }}
      priced={data}
      consequence={restartConsequence(data.subscription)}
      confirm="Restart and Pay Now"
      busyText="Restarting…"
    />
  )
}

/** Spec §4: charged now, prorated; may take minutes to confirm. */
export function UpgradeDialog({ data, closeTo }: DialogProps<PricedDialogData>) {
  return (
    <ConfirmDialog
      data={data}
      closeTo={closeTo}
      dialog="subscription-upgrade"
      title="Upgrade to Annual Billing"
      intent="subscription-upgrade"
      priced={data}
      consequence={upgradeConsequence(data.subscription)}
      confirm="Upgrade and Pay Now"
      busyText="Upgrading…"
    />
  )
}

/** Spec §4, §8: the offer, what accepting does, the country paid from. */
export function OfferDialog({ data: d, closeTo }: DialogProps<OfferDialogData>) {
  const { subscription, companyName, refusal } = d
  const intent = 'subscription-offer'
  const { answer, busy } = useSubscriptionAction(intent, subscription.subscriptionId)
  const offer = subscription.specialOffer
  const countryErrors = answer?.result?.error?.country ?? undefined
  return (
    <RouteDialog title="Subscription Extension" closeTo={closeTo} maxWidth="560px">
      <SubscriptionSubject subscription={subscription} companyName={companyName} />
      {refusal || !offer ? (
        <NotAvailableWithClose
          reason={refusal ?? 'There is no extension offer for this subscription.'}
          closeTo={closeTo}
        />
      ) : (
        <Form
          method="post"
          action={dialogActionUrl({ dialog: 'subscription-offer', subscription: subscription.subscriptionId }, closeTo)}
        >
          <SubscriptionFormFields intent={intent} subscription={subscription} idempotencyKey={d.idempotencyKey} />
          <input type="hidden" name="price" value={String(offer.priceGross)} />
          <Text as="p" size="4" weight="bold" mb="2">
            {offer.message}: {formatPrice(offer.priceGross, offer.currency)}
          </Text>
          <Consequence>{offerConsequence(subscription)}</Consequence>
          <Field
            id="offer-country"
            label="Country you pay from"
            errorId="offer-country-error"
            errors={countryErrors}
            mb="3"
          >
            <NativeSelect
              id="offer-country"
              name="country"
              defaultValue={d.country}
              aria-describedby="offer-country-error"
              aria-invalid={countryErrors ? true : undefined}
            >
              {d.countries.length === 0 ? <option value={d.country}>{d.country}</option> : null}
              {d.countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Refusal answer={answer} />
          <ButtonRow justify="end" mt="2">
            <BackLink to={closeTo}>{labels.cancel}</BackLink>
            <SubmitButton busy={busy} busyLabel="Charging…">
              {`Accept Offer and Pay ${formatPrice(offer.priceGross, offer.currency)}`}
            </SubmitButton>
          </ButtonRow>
        </Form>
      )}
    </RouteDialog>
  )
}

/** Spec §7 subscriptionReceipts. */
export function ReceiptsDialog({ data: d, closeTo }: DialogProps<ReceiptsDialogData>) {
  const hydrated = useHydrated()
  return (
    <RouteDialog title="Receipts" closeTo={closeTo} maxWidth="560px">
      <SubscriptionSubject subscription={d.subscription} companyName={d.companyName} />
      {d.error ? (
        <NotAvailable reason={d.error} />
      ) : d.payments && d.payments.length > 0 ? (
        <Table.Root size="1" mb="3">
          <caption className="visually-hidden">Payments of {subscriptionWords(d.subscription)}</caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Date</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Amount</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Receipt</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {d.payments.map((p) => (
              <Table.Row key={`${p.date}-${p.receiptUrl}`}>
                <Table.RowHeaderCell>{formatDate(p.date, { utc: true })}</Table.RowHeaderCell>
                <Table.Cell>
                  {formatPrice(p.amount, p.currency)} {p.currency}
                </Table.Cell>
                <Table.Cell>
                  <Link
                    href={p.receiptUrl}
                    target={hydrated ? '_blank' : undefined}
                    rel={hydrated ? 'noopener' : undefined}
                    aria-label={`Receipt of ${formatDate(p.date, { utc: true })}`}
                  >
                    View receipt
                  </Link>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : (
        <Text as="p" size="2" mb="3">
          No payments have been made for this subscription yet.
        </Text>
      )}
      <ButtonRow justify="end" mt="2">
        <BackLink to={closeTo}>{labels.close}</BackLink>
      </ButtonRow>
    </RouteDialog>
  )
}

/** Spec §2, §7: the provider's update page (frame or overlay with script, a link without); reloads when done. */
export function PaymentMethodDialog({ data: d, closeTo }: DialogProps<PaymentMethodDialogData>) {
  const { subscription, companyName, refusal } = d
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const [updated, setUpdated] = useState(false)
  const pageTheme = usePageTheme()
  const method = paymentMethodText(subscription)
  const explanation = `Payments of this subscription are currently charged to ${method}. The new card or PayPal account is entered on the payment provider's secure page; all future payments are charged to it${
    subscription.state === 'pastDue' ? ', and the overdue payment is tried again with it right away' : ''
  }.`

  if (hydrated && !refusal && subscription.updateUrl && d.checkout?.provider === 'paddle') {
    return (
      <PaddleUpdateOverlay
        vendorId={d.checkout.vendorId}
        environment={d.checkout.environment}
        updateUrl={subscription.updateUrl}
        onUpdated={() => revalidator.revalidate()}
        onClosed={() => navigate(closeTo, { preventScrollReset: true })}
      />
    )
  }

  return (
    <RouteDialog title="Update Payment Method" closeTo={closeTo} maxWidth="640px">
      <SubscriptionSubject subscription={subscription} companyName={companyName} />
      {refusal || !subscription.updateUrl ? (
        <NotAvailable reason={refusal ?? 'This subscription has no payment method to update.'} />
      ) : (
        <>
          <Consequence>{explanation}</Consequence>
          {hydrated ? (
            <>
              <SandboxUpdateFrame
                updateUrl={subscription.updateUrl}
                onUpdated={() => {
                  setUpdated(true)
                  revalidator.revalidate()
                }}
              />
              <Text as="p" role="status" size="2" mt="2">
                {updated ? 'Your payment method has been updated.' : ''}
              </Text>
            </>
          ) : (
            <Text as="p" size="2" mb="3">
              <Link href={withProviderTheme(subscription.updateUrl, d.checkout?.provider, pageTheme)}>
                Update payment method at the payment provider
              </Link>
            </Text>
          )}
        </>
      )}
      <ButtonRow justify="end" mt="2">
        <BackLink to={closeTo}>{updated ? labels.close : labels.cancel}</BackLink>
      </ButtonRow>
    </RouteDialog>
  )
}
