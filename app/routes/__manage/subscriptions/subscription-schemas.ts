// One zod schema per subscription form, on the server and in the browser: the same messages (spec §5) either way.
import * as z from 'zod/mini'
import type { Subscription } from '#protocol/entities'
import { planQuantityChange, planSubscriptionAssignment } from '#app/rules/subscription'
import { Quantity, clampQuantity } from '#protocol/subscriptions/quantity'
import { countOf } from '#protocol/shared/words'
import { assignFields, refuseAssignPlan } from '#app/routes/__manage/shared/assign-fields'

/** Cancel, upgrade. */
export const SubscriptionFormSchema = z.object({ subscription: z.string().check(z.minLength(1)) })

export const PauseResumeSchema = z.object({
  subscription: z.string().check(z.minLength(1)),
  action: z.enum(['pause', 'resume', 'restart']),
})

/** The price the dialog showed, and the country the customer pays from. */
export const OfferSchema = z.object({
  subscription: z.string().check(z.minLength(1)),
  price: z.number(),
  country: z
    .string({ error: (issue) => (issue.input === undefined ? 'Choose your country.' : undefined) })
    .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, 'Choose your country.')),
})

/** §5: `review` is the step the server renders without script, `apply` carries it out (`quantityLapseMessage`). */
export function quantitySchema(subscription: Pick<Subscription, 'licenses' | 'quantity'>) {
  return z
    .object({
      subscription: z.string().check(z.minLength(1)),
      quantity: z.pipe(
        z.pipe(
          z.number({
            error: (issue) => (issue.input === undefined ? 'Enter the number of licenses.' : 'Enter a whole number.'),
          }),
          z.transform((n) => clampQuantity(n)),
        ),
        Quantity,
      ),
      lapse: z._default(z.array(z.string()), []),
      stage: z._default(z.enum(['review', 'apply']), 'apply'),
      /** The number whose price the dialog showed. */
      previewed: z.optional(z.coerce.number()),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (value.stage !== 'apply') return
        if (value.quantity === subscription.quantity) {
          ctx.addIssue({
            code: 'custom',
            path: ['quantity'],
            message: `The subscription already has ${countOf(value.quantity, 'seat')}; choose another number.`,
          })
          return
        }
        const plan = planQuantityChange(subscription, value.quantity, value.lapse)
        if ('error' in plan) ctx.addIssue({ code: 'custom', path: ['lapse'], message: plan.error })
      }),
    )
}

/** §2, §5: errors go to the address list. */
export function assignSchema(subscription: Pick<Subscription, 'licenses'>, now: number, withLapsing: boolean) {
  return z
    .object({
      subscription: z.string().check(z.minLength(1)),
      ...assignFields,
      lapsingEmails: z._default(z.string(), ''),
    })
    .check(
      refuseAssignPlan((value) => {
        const plan = planSubscriptionAssignment({
          licenses: subscription.licenses,
          text: value.emails,
          ...(withLapsing ? { lapsingText: value.lapsingEmails } : {}),
          now,
        })
        if ('error' in plan) return { path: 'emails', message: plan.error }
        if (plan.readOnly) return { path: 'emails', message: 'All licenses of this subscription have expired.' }
        return undefined
      }),
    )
}
