/**
 * What a change says when it is done (docs/decisions/0007-every-change-ends-with-a-sentence.md): the sentence, the
 * element the page returns to, and the way back where there is one. Carried across the post/redirect/get by a cookie
 * (`flash.server.ts`), so it works without script; shown by `StatusMessage`.
 */
import { z } from 'zod'

/** A form the status message offers: Undo, a real write back that the service checks like any other. */
export const FlashForm = z.object({
  /** Where it posts (a /manage address). */
  action: z.string().startsWith('/manage').max(2000),
  intent: z.string().min(1).max(100),
  label: z.string().min(1).max(100),
  /** Its fields, sent as they are; the action validates them. */
  fields: z.record(z.string(), z.string().max(2000)),
})
export type FlashForm = z.infer<typeof FlashForm>

export const Flash = z.object({
  /** Tells one flash from the next, so the same sentence twice is announced twice. */
  id: z.string().max(100),
  /** `done`: the change was made; `refused`: it was not, and why; `notice`: something the user should know. */
  tone: z.enum(['done', 'refused', 'notice']),
  message: z.string().min(1).max(1000),
  /** The id of the element the page returns to (a license row, a subscription card, a company section). */
  target: z.string().max(300).optional(),
  undo: FlashForm.optional(),
  /** The account it was said to: never shown to another one signed in on the same browser. */
  for: z.string().max(320),
})
export type Flash = z.infer<typeof Flash>

/** What a page shows: the flash without the account it is for. */
export type Status = Omit<Flash, 'for'>
