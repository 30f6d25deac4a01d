// The calls of My machines, their payloads and answers.
import * as z from 'zod/mini'
import { Id } from '../shared/limits.js'
import { LicenseRef } from '../entities.js'

export const Machine = z.object({
  /** The activation's id. */
  key: z.string(),
  /** As the editor reported it: text from outside. */
  hostname: z.string(),
  firstSeen: z.number(),
  /** The last activation or license check from it (at most `LAST_SEEN_STEP_MS` old); null before its first check. */
  lastSeen: z.nullable(z.number()),
})
export type Machine = z.infer<typeof Machine>

export const DeactivationBudget = z.object({
  limit: z.number(),
  used: z.number(),
  /** When the next deactivation is possible again, when none is left; null while one is left. */
  nextAt: z.nullable(z.number()),
})
export type DeactivationBudget = z.infer<typeof DeactivationBudget>

const machineKey = Id

export const machineOperations = {
  /** The machines a license is active on (its holder, the company's people with a role), oldest activation first. */
  retrieveMachines: {
    reads: true,
    payload: z.object({ license: LicenseRef }),
    result: z.object({
      machines: z.array(Machine),
      budget: DeactivationBudget,
      /** The caller may deactivate them (its holder; the company's people who may assign). */
      mayDeactivate: z.boolean(),
    }),
  },
  /** Deactivates one machine, counted (RATE_LIMITED when spent); one no longer active answers `deactivated: false`. */
  deactivateMachine: {
    payload: z.object({ license: LicenseRef, machine: machineKey }),
    result: z.object({ deactivated: z.boolean(), hostname: z.string(), budget: DeactivationBudget }),
  },
}
