// Who is buying: a signed-in buyer's details for the shop's forms, and the subscription that stops a purchase.
import type { AppLoadContext } from '@remix-run/node'
import { dialogUrl } from '#app/routes/__manage/shared/urls'
import { getUser } from '#app/utils/session.server'
import { callLicensing } from '#app/utils/licensing.server'
import type { SubscribedNotice } from './purchase-data'

export type Buyer = { email: string; name: string; credential: string }

/** The signed-in user's address and last name given, or null (signed out, or the session ended meanwhile). */
export async function signedInBuyer(request: Request, context: AppLoadContext): Promise<Buyer | null> {
  const user = await getUser(request)
  if (!user) return null
  const answer = await callLicensing('shopBuyer', {}, { credential: user.credential, context })
  return answer.ok ? { ...answer.result, credential: user.credential } : null
}

/** The same details typed by the buyer, or the signed-in buyer's, never a mix of one's name with another's address. */
export function prefill(typed: { name: string; email: string }, buyer: Buyer | null, personal: boolean) {
  if (typed.name || typed.email || !buyer) return typed
  return { name: personal ? buyer.name : '', email: buyer.email }
}

/** §5 "Email address is already subscribed.": null, the notice, or `unknown` when the service did not answer. */
export async function subscribedTo(
  context: AppLoadContext,
  request: Request,
  product: { slug: string; name: string },
  email: string,
  organizationUrl: string,
): Promise<SubscribedNotice | null | 'unknown'> {
  const user = await getUser(request)
  const check = await callLicensing(
    'activeSubscriptionCheck',
    { email, product: product.slug },
    { context, ...(user ? { credential: user.credential } : {}) },
  )
  if (!check.ok) return 'unknown'
  if (!check.result.exists) return null
  const found = check.result.subscription
  return {
    product: product.name,
    email,
    organizationUrl,
    ...(found
      ? {
          subscription: {
            name: found.productName,
            billingPeriod: found.billingPeriod,
            quantity: found.quantity,
            quantityUrl: dialogUrl({ dialog: 'subscription-quantity', subscription: found.id }),
          },
        }
      : {}),
  }
}
