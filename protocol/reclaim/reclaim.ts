// Idle seats and their reclaim: docs/decisions/0014-idle-seats-and-their-reclaim.md.
import * as z from 'zod/mini'
import { Id } from '../shared/limits.js'

/** The holder and the administrators are told this many days before the seat is reclaimed. */
export const RECLAIM_WARNING_DAYS = 7
/** An administrator may give a reclaimed seat back to its former holder for this long. */
export const RECLAIM_UNDO_DAYS = 14

/** How the activity log and the mails name the one who reclaims. */
export const RECLAIM_ACTOR = 'reclaim policy'

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

/** Why an undo cannot be done, and what to do instead. */
export const undoRefusals = {
  expired: (holder: string) =>
    `This reclaim is more than ${RECLAIM_UNDO_DAYS} days old and can no longer be undone; to give ${holder} a seat again, assign a free license to ${holder} in the license table.`,
  taken: (holder: string, now: string) =>
    `The seat has been assigned to ${now} since it was reclaimed; to give ${holder} a seat again, assign another free license to ${holder} in the license table.`,
  ended: (holder: string) =>
    `The seat has expired since it was reclaimed; to give ${holder} a seat again, assign a free license to ${holder} in the license table.`,
}

export function policySentence(idleDays: number | null): string {
  return idleDays === null
    ? 'Idle seats are not reclaimed.'
    : `Seats idle for ${idleDays} days are unassigned; their holders and the administrators are told ${RECLAIM_WARNING_DAYS} days before.`
}
