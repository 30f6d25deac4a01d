// The demo's domains (acme.test) are never asked of the machine's resolver: a reserved name goes to DNS_RESOLVER or
// nowhere, so the demo data and the tests make no outside lookup.
import { Resolver } from 'node:dns/promises'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { startDnsServer, type TestDnsServer } from '../../tests/support/dns-server.js'
import { createTestService } from '../../tests/support/service.js'
import { domainCheckJob } from '../jobs/domains.js'
import { DOMAIN_GRACE_MS } from '../../protocol/domains/domains.js'
import { checkDomain } from './dns.js'

let dns: TestDnsServer
beforeAll(async () => {
  dns = await startDnsServer()
})
afterAll(async () => {
  await dns.close()
  vi.restoreAllMocks()
})

it('does not look a reserved name up without DNS_RESOLVER, and says why; with one it asks it', async () => {
  const lookups = vi.spyOn(Resolver.prototype, 'resolveTxt')
  for (const domain of ['acme.test', 'claim.example', 'x.invalid', 'box.localhost']) {
    const check = await checkDomain(domain, 'token', [])
    expect(check.outcome).toBe('failed')
    expect(check.message).toMatch(new RegExp(`^${domain} was not looked up: \\.\\w+ names are reserved for tests`))
  }
  expect(lookups).not.toHaveBeenCalled()

  dns.zone.set('acme.test', ['license-portal-verification=token'])
  expect(await checkDomain('acme.test', 'token', [dns.address])).toMatchObject({ outcome: 'found' })
  expect(lookups).toHaveBeenCalledTimes(1)
  lookups.mockRestore()
})

it('keeps the demo’s verified domain verified when the jobs re-check it, without a lookup or a mail', async () => {
  const service = await createTestService()
  try {
    const lookups = vi.spyOn(Resolver.prototype, 'resolveTxt')
    const job = domainCheckJob({
      db: service.db,
      mailer: service.mailer,
      dnsServers: () => service.config.dnsServers,
      publicUrl: () => 'http://portal.test',
    })
    // Every domain the demo data holds is one of the reserved names, so this holds for all of them.
    const seeded = await service.db.selectFrom('company_domains').select('domain').execute()
    expect(seeded.map((d) => d.domain)).toEqual(['acme.test'])
    const later = Date.now() + 2 * DOMAIN_GRACE_MS
    expect(await job.run(later)).toMatchObject({ checked: 1, inconclusive: 1, failing: 0, unverified: 0 })
    expect(await job.run(later + DOMAIN_GRACE_MS)).toMatchObject({ checked: 1, inconclusive: 1 })
    const acme = await service.db
      .selectFrom('company_domains')
      .selectAll()
      .where('domain', '=', 'acme.test')
      .executeTakeFirstOrThrow()
    expect(acme).toMatchObject({ status: 'verified', failing_since: null, check_outcome: 'failed' })
    expect(lookups).not.toHaveBeenCalled()
    const mails = await service.db.selectFrom('mail_outbox').select('subject').execute()
    expect(mails.filter((m) => m.subject.includes('acme.test'))).toEqual([])
    lookups.mockRestore()
  } finally {
    await service.close()
  }
})
