// The Reclaim idle seats dialog's forms: the policy (off or a number of idle days) and the undo of one reclaim.
import * as z from 'zod/mini'
import { Id } from '#protocol/shared/limits'

export const policyChoices = ['off', '30', '60', '90'] as const

export const PolicySchema = z.object({
  company: Id,
  idleDays: z.enum(policyChoices, { message: 'Choose Off, 30, 60 or 90 days.' }),
})

export const UndoSchema = z.object({ company: Id, reclaim: Id })
