import type { AppLoadContext } from '@remix-run/node'
import type { CheckoutPassthrough } from '#protocol/entities'
import { ID_MAX_LENGTH } from '#protocol/shared/limits'
import { getUser } from '#app/utils/session.server'
import { callLicensing } from '#app/utils/licensing.server'

export const companySignInRequired =
  'Sign in to buy for your company: without signing in, an organization purchase makes a new company.'
export const companyNotAllowed =
  'You cannot buy licenses for that company. An organization purchase here makes a new company.'

/** The company a New Subscription is for (spec §5/§7), never taken as asked: the service signs it, or `refused`. */
export type PurchaseCompany =
  | { kind: 'none' }
  | { kind: 'company'; company: { id: string; name: string }; passthrough: string; credential: string }
  | { kind: 'refused'; message: string }

export function requestedCompanyId(value: FormDataEntryValue | string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined
  const id = value.trim()
  return id && id.length <= ID_MAX_LENGTH ? id : undefined
}

export async function purchaseCompany(
  request: Request,
  context: AppLoadContext,
  companyId: string | undefined,
  passthrough: CheckoutPassthrough,
): Promise<PurchaseCompany> {
  if (!companyId) return { kind: 'none' }
  const user = await getUser(request)
  if (!user) return { kind: 'refused', message: companySignInRequired }
  const answer = await callLicensing(
    'companyCheckout',
    { companyId, passthrough },
    { credential: user.credential, context },
  )
  if (answer.ok) {
    return {
      kind: 'company',
      company: answer.result.company,
      passthrough: answer.result.passthrough,
      credential: user.credential,
    }
  }
  const sessionEnded =
    answer.error === 'NOT_AUTHENTICATED' || answer.error === 'INVALID_AGE' || answer.error === 'INVALID_SIGNATURE'
  return { kind: 'refused', message: sessionEnded ? companySignInRequired : companyNotAllowed }
}
