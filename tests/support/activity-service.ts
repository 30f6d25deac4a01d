// The activity log tests' fixture: a test service per file with a caller in each role the log is read or written by,
// and what a change wrote to the log. `startActivityService` sets the bindings.
import type { OperationName, Payload } from '../../protocol/operations.js'
import type { createTestService } from './service.js'
import { startSignedIn } from './role-service.js'
import { asker } from './webhooks.js'

export let service: Awaited<ReturnType<typeof createTestService>>

export const who = {
  acmeAdministrator: 'olivia@acme.test',
  acmeManager: 'max@acme.test',
  resellerAdministrator: 'rita@reseller.test',
  resellerManager: 'ray@reseller.test',
  globexAdministrator: 'carl@globex.test',
  personal: 'pat@personal.test',
  platformAdministrator: 'root@vendor.test',
} as const
export type Who = keyof typeof who
export const credentials = {} as Record<Who, string>

/** Starts the test service and signs every role in before the file's tests; closes it after them. */
export function startActivityService() {
  startSignedIn(who, (started, signedIn) => {
    service = started
    Object.assign(credentials, signedIn)
  })
}

/** One protocol call; the answer's status and the operation's result or error body. */
export function ask<O extends OperationName>(op: O, payload: Payload<O>, credential?: string) {
  return asker(service)(op, payload, credential)
}

/** Runs `change` and answers it with the log entries it wrote. */
export async function written(change: () => Promise<{ status: number; body: Record<string, unknown> }>) {
  const before = await service.db
    .selectFrom('activity_entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
  const answer = await change()
  const entries = await service.db
    .selectFrom('activity_entries')
    .selectAll()
    .where('id', '>', Number(before?.id ?? 0))
    .orderBy('id')
    .execute()
  return { answer, entries }
}

export const licenseOf = (id: string) =>
  service.db.selectFrom('licenses').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
