// My machines and the holder's deactivation budget (docs/decisions/0011-machine-deactivation-budget.md); the spec's Too
// Many Activations flow deactivates too but neither counts against nor is refused by the budget.
import { DAY_MS, formatDate } from '../shared/dates.js'
import { countOf } from '../shared/words.js'
import type { PermissionFlags } from '../permissions/roles.js'
import type { DeactivationBudget } from './operations.js'

/** Deactivations from My machines, per license, in any window of this length. */
export const DEACTIVATION_BUDGET = 3
export const DEACTIVATION_WINDOW_DAYS = 30
export const DEACTIVATION_WINDOW_MS = DEACTIVATION_WINDOW_DAYS * DAY_MS

/** A machine's last seen moves at most this often, so an editor's checks do not write on every call. */
export const LAST_SEEN_STEP_MS = 5 * 60 * 1000

export const budgetRule = `You can deactivate up to ${countOf(DEACTIVATION_BUDGET, 'machine')} of a license in ${DEACTIVATION_WINDOW_DAYS} days, so that a seat stays with its holder. When a new machine asks to activate a license already active on 3 machines, confirming it can still replace one.`

/** A company's people who may deactivate the machines of its seats: those who may assign (take a seat away). */
export function mayDeactivateMachines(flags: Pick<PermissionFlags, 'canAssign'>): boolean {
  return flags.canAssign
}

/** "2 of 3 deactivations left in the last 30 days" or, when none is left, when the next one is possible. */
export function budgetSentence(budget: DeactivationBudget, options: { utc: boolean }): string {
  const left = Math.max(0, budget.limit - budget.used)
  if (left > 0 || budget.nextAt === null)
    return `${countOf(left, 'deactivation')} of ${budget.limit} left for this license.`
  return budgetExhausted(budget.nextAt, options)
}

/** The refusal when the budget is spent, saying when the next deactivation is possible. */
export function budgetExhausted(nextAt: number, options: { utc: boolean }): string {
  return `This license's machines were deactivated ${countOf(DEACTIVATION_BUDGET, 'time')} in the last ${DEACTIVATION_WINDOW_DAYS} days, the most allowed. The next deactivation is possible on ${formatDate(nextAt, options)}.`
}
