// The reclaim policy's calls, their payloads and answers.
import * as z from 'zod/mini'
import { Id } from '../shared/limits.js'

export const ReclaimDays = z.union([z.literal(30), z.literal(60), z.literal(90)])
export type ReclaimDays = z.infer<typeof ReclaimDays>

export const Reclaim = z.object({
  id: z.string(),
  licenseId: z.string(),
  productName: z.string(),
  order: z.string(),
  key: z.int(),
  holder: z.string(),
  idleDays: z.int(),
  reclaimedAt: z.number(),
  /** Null once it was undone or its time ran out. */
  undoUntil: z.nullable(z.number()),
  undoneAt: z.nullable(z.number()),
  undoneBy: z.nullable(z.string()),
})
export type Reclaim = z.infer<typeof Reclaim>

const companyId = Id

export const reclaimOperations = {
  /** The company's administrators (and platform administrators); FORBIDDEN otherwise. */
  retrieveReclaims: {
    reads: true,
    payload: z.object({ companyId }),
    result: z.object({
      company: z.object({ id: z.string(), name: z.string() }),
      /** Null: the policy is off. */
      idleDays: z.nullable(ReclaimDays),
      /** The last `RECLAIM_UNDO_DAYS` days' reclaims, newest first (at most 100). */
      reclaims: z.array(Reclaim),
    }),
  },
  setReclaimPolicy: {
    payload: z.object({ companyId, idleDays: z.nullable(ReclaimDays) }),
    result: z.object({ idleDays: z.nullable(ReclaimDays), changed: z.boolean() }),
  },
  undoReclaim: {
    payload: z.object({ companyId, reclaimId: Id }),
    result: z.object({ holder: z.string(), licenseId: z.string(), undone: z.boolean() }),
  },
}
