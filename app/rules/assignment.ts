/**
 * The bulk-assign planning step (§5) lives in the protocol, one copy for the portal's dialogs and the licensing
 * service's subscription assignment; re-exported here for the portal's rules.
 */
export { analysePool, assignNewcomers, toChanges } from '#protocol/assignment'
export type { Assignment, AssignmentChange, PoolAnalysis } from '#protocol/assignment'
