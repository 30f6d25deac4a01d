// What a change says when it is done (docs/decisions/0007-every-change-ends-with-a-sentence.md), carried by a cookie.
import * as z from 'zod/mini'
import { EMAIL_MAX_LENGTH } from '#protocol/shared/email'

/** Undo: a real write back that the service checks like any other. */
export const FlashForm = z.object({
  action: z.string().check(z.startsWith('/manage'), z.maxLength(2000)),
  intent: z.string().check(z.minLength(1), z.maxLength(100)),
  label: z.string().check(z.minLength(1), z.maxLength(100)),
  /** The action validates them. */
  fields: z.record(z.string(), z.string().check(z.maxLength(2000))),
})
export type FlashForm = z.infer<typeof FlashForm>

export const Flash = z.object({
  /** So the same sentence twice is announced twice. */
  id: z.string().check(z.maxLength(100)),
  /** `done`: the change was made; `refused`: it was not, and why; `notice`: something the user should know. */
  tone: z.enum(['done', 'refused', 'notice']),
  message: z.string().check(z.minLength(1), z.maxLength(1000)),
  /** A license row, a subscription card, a company section. */
  target: z.optional(z.string().check(z.maxLength(300))),
  undo: z.optional(FlashForm),
  /** Never shown to another account signed in on the same browser. */
  for: z.string().check(z.maxLength(EMAIL_MAX_LENGTH)),
})
export type Flash = z.infer<typeof Flash>

export type Status = Omit<Flash, 'for'>
