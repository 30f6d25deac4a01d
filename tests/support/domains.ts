// The verified-domain tests' fixture: a test service asking a local DNS server, its people signed in, their calls.
import { afterAll, beforeAll } from 'vitest'
import type { OperationName, Payload } from '../../protocol/operations.js'
import { startDnsServer, type TestDnsServer } from './dns-server.js'
import { createTestService, signInAs } from './service.js'

type Service = Awaited<ReturnType<typeof createTestService>>

export function domainsTestService(emails: string[]) {
  let service: Service | undefined
  let dns: TestDnsServer | undefined
  const credentials = new Map<string, string>()

  beforeAll(async () => {
    dns = await startDnsServer()
    service = await createTestService({ env: { NODE_ENV: 'test', DNS_RESOLVER: dns.address } })
    for (const email of emails) credentials.set(email, await signInAs(service, email))
  })
  afterAll(async () => {
    await service?.close()
    await dns?.close()
  })

  const fixture = {
    get service(): Service {
      if (!service) throw new Error('the test service starts in beforeAll')
      return service
    },
    get dns(): TestDnsServer {
      if (!dns) throw new Error('the DNS server starts in beforeAll')
      return dns
    },
    /** A call as `email`: its status, and its result (or its refusal). */
    async ask<O extends OperationName>(op: O, payload: Payload<O>, email: string) {
      const answer = await fixture.service.call({ [op]: payload }, credentials.get(email))
      return {
        status: answer.status,
        body: (answer.status === 200 ? answer.body[op] : answer.body) as Record<string, unknown>,
      }
    },
    /** The mails to `email` whose subject holds `subject`. */
    mailsTo: (email: string, subject: string) =>
      fixture.service.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text'])
        .where('to', '=', email)
        .where('subject', 'like', `%${subject}%`)
        .execute(),
  }
  return fixture
}
