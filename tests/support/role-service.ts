// The role tests' fixture: a test service per file with a caller in every role Globex has (spec §6), and the calls as
// the portal makes them. `startRoleService` sets the bindings.
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

/** Starts the test service and signs every role in before the file's tests; closes it after them. */
export function startRoleService() {
  beforeAll(async () => {
    service = await createTestService()
    await service.db
      .insertInto('company_permissions')
      .values({ company_id: 'globex', email: who.companyManager, permissions: 'ASSIGN', created_at: Date.now() })
      .execute()
    for (const [role, email] of Object.entries(who) as [Who, string][])
      credentials[role] = await signInAs(service, email)
  })
  afterAll(async () => {
    await service.close()
  })
}

/** One protocol call; the answer's status and the operation's result or error body. */
export async function ask<O extends OperationName>(op: O, payload: Payload<O>, credential?: string) {
  const answer = await service.call({ [op]: payload }, credential)
  return {
    status: answer.status,
    body: (answer.status === 200 ? answer.body[op] : answer.body) as Record<string, unknown>,
  }
}
