// Idle seats and their reclaim: docs/decisions/0014-idle-seats-and-their-reclaim.md.

/** The holder and the administrators are told this many days before the seat is reclaimed. */
export const RECLAIM_WARNING_DAYS = 7
/** An administrator may give a reclaimed seat back to its former holder for this long. */
export const RECLAIM_UNDO_DAYS = 14

/** How the activity log and the mails name the one who reclaims. */
export const RECLAIM_ACTOR = 'reclaim policy'

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
