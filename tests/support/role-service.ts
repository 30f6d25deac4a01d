// The role tests' fixture: a test service per file with a caller in every role Globex has (spec §6), and the calls as
// the portal makes them. `startRoleService` sets the bindings; `startSignedIn` starts a service for any set of people.
import { afterAll, beforeAll } from 'vitest'
import type { OperationName, Payload } from '../../protocol/operations.js'
import { createTestService, signInAs } from './service.js'

export let service: Awaited<ReturnType<typeof createTestService>>

// Globex holds every role: rita Reseller Administrator, ray Reseller Manager, carl Company Administrator, and (added
// here) cm@globex.test Company Manager. pat holds no role there; olivia holds one in another company (Acme) only.
export const who = {
  resellerAdministrator: 'rita@reseller.test',
  resellerManager: 'ray@reseller.test',
  companyAdministrator: 'carl@globex.test',
  companyManager: 'cm@globex.test',
  noRole: 'pat@personal.test',
  foreignCompany: 'olivia@acme.test',
} as const
export type Who = keyof typeof who
export const credentials = {} as Record<Who, string>

type TestService = Awaited<ReturnType<typeof createTestService>>

/**
 * Before the file's tests: a test service, `prepare`d, with each of `people` signed in, both handed to `started`;
 * closed after them.
 */
export function startSignedIn<K extends string>(
  people: Record<K, string>,
  started: (service: TestService, credentials: Record<K, string>) => void,
  prepare: (service: TestService) => Promise<unknown> = async () => {},
) {
  let service: TestService
  beforeAll(async () => {
    service = await createTestService()
    await prepare(service)
    const credentials = {} as Record<K, string>
    for (const [name, email] of Object.entries(people) as [K, string][])
      credentials[name] = await signInAs(service, email)
    started(service, credentials)
  })
  afterAll(async () => {
    await service.close()
  })
}

/** Starts the test service and signs every role in before the file's tests; closes it after them. */
export function startRoleService() {
  startSignedIn(
    who,
    (started, signedIn) => {
      service = started
      Object.assign(credentials, signedIn)
    },
    (started) =>
      started.db
        .insertInto('company_permissions')
        .values({ company_id: 'globex', email: who.companyManager, permissions: 'ASSIGN', created_at: Date.now() })
        .execute(),
  )
}

/** One protocol call; the answer's status and the operation's result or error body. */
export async function ask<O extends OperationName>(op: O, payload: Payload<O>, credential?: string) {
  const answer = await service.call({ [op]: payload }, credential)
  return {
    status: answer.status,
    body: (answer.status === 200 ? answer.body[op] : answer.body) as Record<string, unknown>,
  }
}
