import { useLocation } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Link } from '#app/components/themes'
import { dialogUrl, type SubscriptionDialogName } from '../shared/urls'
import type { SubscriptionActionProps } from '../shared/row-actions'
import { RowLink } from '../shared/row-link'
import {
  subscriptionPermitted,
  subscriptionTransition,
  type SubscriptionOperation,
} from '#protocol/subscriptions/subscriptions'
import { subscriptionWords } from '../shared/subscription-words'

/** The row's actions (spec §2), each when the user may (§6) and the state machine allows it now. */
export function SubscriptionRowActions({ subscription: s, company, now }: SubscriptionActionProps) {
  const location = useLocation()
  const hydrated = useHydrated()
  const billing = subscriptionPermitted(company, 'billing')
  const assigning = subscriptionPermitted(company, 'assign')
  const receipts = subscriptionPermitted(company, 'receipts')
  const allows = (operation: SubscriptionOperation) => subscriptionTransition(operation, s, now).allowed
  const id = s.subscriptionId
  // Which subscription, for people who hear the link rather than see its card: by what it is, its id after.
  const which = subscriptionWords(s)

  const actions: Array<{ dialog: SubscriptionDialogName; text: string; label: string; show: boolean }> = [
    {
      dialog: 'subscription-assign',
      text: 'Manage assignments',
      label: `Manage assignments of ${which}`,
      show: assigning && allows('assign'),
    },
    {
      dialog: 'subscription-upgrade',
      text: 'Upgrade',
      label: `Upgrade ${which} to annual billing`,
      show: billing && allows('upgrade'),
    },
    {
      dialog: 'subscription-quantity',
      text: 'Change quantity',
      label: `Change quantity of ${which}`,
      show: billing && allows('quantity'),
    },
    {
      dialog: 'subscription-offer',
      text: 'Extension offer',
      label: `Extension offer for ${which}`,
      show: billing && Boolean(s.specialOffer) && allows('specialOffer'),
    },
    {
      dialog: 'subscription-pause',
      text: 'Pause',
      label: `Pause ${which}`,
      show: billing && allows('pause'),
    },
    {
      dialog: 'subscription-resume',
      text: 'Resume',
      label: `Resume ${which}`,
      show: billing && allows('resume'),
    },
    {
      dialog: 'subscription-restart',
      text: 'Restart',
      label: `Restart ${which}`,
      show: billing && allows('restart'),
    },
    { dialog: 'subscription-receipts', text: 'Receipts', label: `Receipts of ${which}`, show: receipts },
    {
      dialog: 'subscription-cancel',
      text: 'Cancel',
      label: `Cancel ${which}`,
      show: billing && allows('cancel'),
    },
  ]
  const updatePayment = billing && s.state !== 'deleted' && s.updateUrl
  const updateLabel = `Update payment method of ${which}`

  return (
    <>
      {actions
        .filter((a) => a.show)
        .map((a) => (
          <RowLink
            key={a.dialog}
            to={dialogUrl({ dialog: a.dialog, subscription: id }, location.search)}
            label={a.label}
          >
            {a.text}
          </RowLink>
        ))}
      {updatePayment ? (
        hydrated ? (
          // With script the provider's overlay opens over the page (the dialog holds it).
          <RowLink
            to={dialogUrl({ dialog: 'subscription-payment-method', subscription: id }, location.search)}
            label={updateLabel}
          >
            Update payment method
          </RowLink>
        ) : (
          // Without script: a plain link to the provider's page.
          <Link size="2" underline="always" href={s.updateUrl} aria-label={updateLabel}>
            Update payment method
          </Link>
        )
      ) : null}
    </>
  )
}
