import { describe, expect, it } from 'vitest'
import { DNS_CHECK, DOMAIN_GRACE_MS, DOMAIN_RECHECK_MS, domainTakenMessage } from '../../protocol/domains/domains.js'
import { domainsTestService } from '../../tests/support/domains.js'
import { domainCheckJob } from '../jobs/domains.js'

const domains = domainsTestService(['olivia@acme.test', 'max@acme.test', 'carl@globex.test', 'root@vendor.test'])
const { ask, mailsTo } = domains

const domainRow = (companyId: string, domain: string) =>
  domains.service.db
    .selectFrom('company_domains')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('domain', '=', domain)
    .executeTakeFirstOrThrow()

describe('claiming a domain', () => {
  it('answers the TXT record to add, once per company and domain', async () => {
    const first = await ask('claimDomain', { companyId: 'acme', domain: ' Claim.Example. ' }, 'olivia@acme.test')
    expect(first.status).toBe(200)
    const domain = first.body.domain as { domain: string; status: string; record: string }
    expect(domain).toMatchObject({ domain: 'claim.example', status: 'pending' })
    expect(domain.record).toMatch(/^license-portal-verification=[0-9a-f]{32}$/)
    const again = await ask('claimDomain', { companyId: 'acme', domain: 'claim.example' }, 'olivia@acme.test')
    expect((again.body.domain as { record: string }).record).toBe(domain.record)
    const list = await ask('retrieveDomains', { companyId: 'acme' }, 'olivia@acme.test')
    expect((list.body.domains as { domain: string }[]).filter((d) => d.domain === 'claim.example')).toHaveLength(1)
  })

  it('is for the company administrators and platform administrators only', async () => {
    const manager = await ask('claimDomain', { companyId: 'acme', domain: 'manager.example' }, 'max@acme.test')
    expect(manager.body).toMatchObject({ error: 'FORBIDDEN' })
    const outsider = await ask('retrieveDomains', { companyId: 'acme' }, 'carl@globex.test')
    expect(outsider.body).toMatchObject({ error: 'FORBIDDEN' })
    const platform = await ask('claimDomain', { companyId: 'acme', domain: 'platform.example' }, 'root@vendor.test')
    expect(platform.status).toBe(200)
    const entry = await domains.service.db
      .selectFrom('activity_entries')
      .select(['actor', 'summary'])
      .where('company_id', '=', 'acme')
      .where('summary', '=', 'added domain platform.example')
      .executeTakeFirstOrThrow()
    expect(entry.actor).toBe('platform administrator')
  })

  it('refuses what is not a domain name', async () => {
    for (const domain of ['localhost', 'acme .com', 'https://acme.com/', 'olivia@acme.com', '10.0.0.1', '-x.com']) {
      const answer = await ask('claimDomain', { companyId: 'acme', domain }, 'olivia@acme.test')
      expect(answer.body, domain).toMatchObject({ error: 'INVALID_PAYLOAD' })
    }
  })
})

describe('verifying a domain', () => {
  it('says what DNS answered until the record is there, then verifies the domain', async () => {
    const claim = await ask('claimDomain', { companyId: 'acme', domain: 'verify.example' }, 'olivia@acme.test')
    const record = (claim.body.domain as { record: string }).record

    const unknown = await ask('verifyDomain', { companyId: 'acme', domain: 'verify.example' }, 'olivia@acme.test')
    expect(unknown.body).toMatchObject({ verified: false, message: expect.stringContaining('does not exist in DNS') })

    domains.dns.zone.set('verify.example', ['v=spf1 include:mail.example -all'])
    const other = await ask('verifyDomain', { companyId: 'acme', domain: 'verify.example' }, 'olivia@acme.test')
    expect(other.body).toMatchObject({ verified: false })
    expect(other.body.message).toContain(`No TXT record ${record} was found at verify.example`)
    expect(other.body.message).toContain('"v=spf1 include:mail.example -all"')
    expect((await domainRow('acme', 'verify.example')).check_outcome).toBe('missing')

    domains.dns.zone.set('verify.example', ['v=spf1 include:mail.example -all', record])
    const found = await ask('verifyDomain', { companyId: 'acme', domain: 'verify.example' }, 'olivia@acme.test')
    expect(found.body).toMatchObject({ verified: true, domain: { status: 'verified' } })
    const entry = await domains.service.db
      .selectFrom('activity_entries')
      .select(['actor', 'kind'])
      .where('summary', '=', 'verified domain verify.example (its TXT record was found)')
      .executeTakeFirstOrThrow()
    expect(entry).toEqual({ actor: 'olivia@acme.test', kind: 'domain' })
  })

  it('a lookup without an answer decides nothing', async () => {
    await ask('claimDomain', { companyId: 'acme', domain: 'servfail.example' }, 'olivia@acme.test')
    domains.dns.zone.set('servfail.example', 'refuse')
    const answer = await ask('verifyDomain', { companyId: 'acme', domain: 'servfail.example' }, 'olivia@acme.test')
    expect(answer.body).toMatchObject({
      verified: false,
      message: expect.stringContaining('try again in a few minutes'),
    })
    expect((await domainRow('acme', 'servfail.example')).status).toBe('pending')
  })

  it('a domain another company verified is refused to a second claim, with a message', async () => {
    const claim = await ask('claimDomain', { companyId: 'acme', domain: 'taken.example' }, 'olivia@acme.test')
    domains.dns.zone.set('taken.example', [(claim.body.domain as { record: string }).record])
    await ask('verifyDomain', { companyId: 'acme', domain: 'taken.example' }, 'olivia@acme.test')
    const second = await ask('claimDomain', { companyId: 'globex', domain: 'taken.example' }, 'carl@globex.test')
    expect(second.body).toEqual({ error: 'INVALID_STATE', message: domainTakenMessage('taken.example') })
  })

  it('of two companies verifying one domain at the same moment, one holds it', async () => {
    const acme = await ask('claimDomain', { companyId: 'acme', domain: 'race.example' }, 'olivia@acme.test')
    const globex = await ask('claimDomain', { companyId: 'globex', domain: 'race.example' }, 'carl@globex.test')
    domains.dns.zone.set(
      'race.example',
      [acme, globex].map((a) => (a.body.domain as { record: string }).record),
    )
    const answers = await Promise.all([
      ask('verifyDomain', { companyId: 'acme', domain: 'race.example' }, 'olivia@acme.test'),
      ask('verifyDomain', { companyId: 'globex', domain: 'race.example' }, 'carl@globex.test'),
    ])
    const verified = answers.filter((a) => a.body.verified === true)
    expect(verified).toHaveLength(1)
    const loser = answers.find((a) => a.body.verified !== true)
    expect(JSON.stringify(loser?.body)).toContain('is verified by another company')
    const rows = await domains.service.db
      .selectFrom('company_domains')
      .select('company_id')
      .where('domain', '=', 'race.example')
      .where('status', '=', 'verified')
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('removing a domain takes it away; removing it again says it is not there', async () => {
    await ask('claimDomain', { companyId: 'acme', domain: 'remove.example' }, 'olivia@acme.test')
    expect(
      (await ask('removeDomain', { companyId: 'acme', domain: 'remove.example' }, 'olivia@acme.test')).status,
    ).toBe(200)
    const again = await ask('removeDomain', { companyId: 'acme', domain: 'remove.example' }, 'olivia@acme.test')
    expect(again.body).toMatchObject({
      error: 'NOT_FOUND',
      message: "remove.example is not one of Acme Corp's domains; add it first.",
    })
  })
})

describe('the re-check job', () => {
  it('a removed record starts the grace period, then un-verifies the domain; the administrators are told', async () => {
    const claim = await ask('claimDomain', { companyId: 'acme', domain: 'recheck.example' }, 'olivia@acme.test')
    const record = (claim.body.domain as { record: string }).record
    domains.dns.zone.set('recheck.example', [record])
    await ask('verifyDomain', { companyId: 'acme', domain: 'recheck.example' }, 'olivia@acme.test')
    const verifiedAt = (await domainRow('acme', 'recheck.example')).checked_at ?? 0
    const job = domainCheckJob({
      db: domains.service.db,
      mailer: domains.service.mailer,
      dnsServers: () => [domains.dns.address],
      publicUrl: () => 'http://portal.test',
    })

    // Not due yet: checked just now.
    await job.run(verifiedAt + 60_000)
    expect((await domainRow('acme', 'recheck.example')).checked_at).toBe(verifiedAt)

    domains.dns.zone.set('recheck.example', 'refuse')
    const noAnswer = verifiedAt + DOMAIN_RECHECK_MS
    await job.run(noAnswer)
    expect(await domainRow('acme', 'recheck.example')).toMatchObject({ status: 'verified', failing_since: null })

    domains.dns.zone.set('recheck.example', [])
    const missing = noAnswer + DOMAIN_RECHECK_MS
    await job.run(missing)
    expect(await domainRow('acme', 'recheck.example')).toMatchObject({ status: 'verified', failing_since: missing })
    const warned = await mailsTo('olivia@acme.test', 'The verification record of recheck.example is missing')
    expect(warned).toHaveLength(1)
    expect(warned[0].text).toContain(record)
    expect(await mailsTo('max@acme.test', 'recheck.example')).toHaveLength(0)

    // Still missing within the grace period: no second warning.
    await job.run(missing + DOMAIN_RECHECK_MS)
    expect(await mailsTo('olivia@acme.test', 'The verification record of recheck.example')).toHaveLength(1)

    const over = missing + DOMAIN_GRACE_MS
    await job.run(over)
    expect(await domainRow('acme', 'recheck.example')).toMatchObject({ status: 'pending', verified_at: null })
    expect(
      await mailsTo('olivia@acme.test', 'recheck.example is no longer a verified domain of the company "Acme Corp"'),
    ).toHaveLength(1)
    const entry = await domains.service.db
      .selectFrom('activity_entries')
      .select(['actor', 'summary'])
      .where('company_id', '=', 'acme')
      .where('summary', 'like', 'domain recheck.example is no longer verified%')
      .executeTakeFirstOrThrow()
    expect(entry.actor).toBe(DNS_CHECK)

    // Repeating the run changes nothing more.
    await job.run(over)
    expect(await mailsTo('olivia@acme.test', 'recheck.example is no longer')).toHaveLength(1)
  })

  it('a record that is back ends the grace period', async () => {
    const claim = await ask('claimDomain', { companyId: 'acme', domain: 'back.example' }, 'olivia@acme.test')
    const record = (claim.body.domain as { record: string }).record
    domains.dns.zone.set('back.example', [record])
    await ask('verifyDomain', { companyId: 'acme', domain: 'back.example' }, 'olivia@acme.test')
    domains.dns.zone.set('back.example', [])
    const manual = await ask('verifyDomain', { companyId: 'acme', domain: 'back.example' }, 'olivia@acme.test')
    expect(manual.body).toMatchObject({
      verified: false,
      domain: { status: 'verified', failingSince: expect.any(Number) },
    })
    domains.dns.zone.set('back.example', [record])
    const restored = await ask('verifyDomain', { companyId: 'acme', domain: 'back.example' }, 'olivia@acme.test')
    expect(restored.body).toMatchObject({ verified: true, domain: { status: 'verified', failingSince: null } })
  })
})
