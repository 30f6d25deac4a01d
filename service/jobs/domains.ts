// The re-check of verified domains: a record gone starts a grace period, after which the domain is unverified.
import type { Selectable } from 'kysely'
import { DNS_CHECK, DOMAIN_GRACE_MS, DOMAIN_RECHECK_MS, verificationRecord } from '../../protocol/domains/domains.js'
import { recordActivity } from '../activity/log.js'
import type { DB } from '../db/database.js'
import type { CompanyDomainTable } from '../db/schema.js'
import { inTransaction } from '../db/transaction.js'
import { checkDomain } from '../domains/dns.js'
import { administratorsOf } from '../auth/policy.js'
import type { Mail, Mailer } from '../mail/mailer.js'
import { DAY_MS, formatDate } from '../../protocol/shared/dates.js'
import { quoted } from '../../protocol/shared/text.js'
import type { Job } from './runner.js'

/** Domains looked up per run (the oldest checks first); the rest wait for the next run. */
const BATCH = 200

type Row = Selectable<CompanyDomainTable>
type Change = 'kept' | 'inconclusive' | 'failing' | 'still-failing' | 'unverified' | 'gone'

export function domainCheckJob(options: {
  db: DB
  mailer: Mailer
  dnsServers: () => readonly string[]
  publicUrl: () => string
}): Job {
  const { db, mailer } = options
  return {
    name: 'domain-checks',
    async run(asOf) {
      const due = await db
        .selectFrom('company_domains')
        .selectAll()
        .where('status', '=', 'verified')
        .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', asOf - DOMAIN_RECHECK_MS)]))
        .orderBy('checked_at')
        .limit(BATCH)
        .execute()
      const counts: Record<Change, number> = {
        kept: 0,
        inconclusive: 0,
        failing: 0,
        'still-failing': 0,
        unverified: 0,
        gone: 0,
      }
      for (const row of due) {
        const check = await checkDomain(row.domain, row.token, options.dnsServers())
        const change = await inTransaction(db, async (trx): Promise<Change> => {
          const current = await trx
            .selectFrom('company_domains')
            .selectAll()
            .where('company_id', '=', row.company_id)
            .where('domain', '=', row.domain)
            .executeTakeFirst()
          if (!current || current.status !== 'verified' || current.token !== row.token) return 'gone'
          const update = (changes: Partial<Row>) =>
            trx
              .updateTable('company_domains')
              .set({ checked_at: asOf, check_outcome: check.outcome, check_message: check.message, ...changes })
              .where('company_id', '=', row.company_id)
              .where('domain', '=', row.domain)
              .execute()
          if (check.outcome === 'found') {
            await update({ failing_since: null })
            return 'kept'
          }
          if (check.outcome === 'failed') {
            await update({})
            return 'inconclusive'
          }
          const since = current.failing_since ?? asOf
          if (asOf - since < DOMAIN_GRACE_MS) {
            await update({ failing_since: since })
            return current.failing_since === null ? 'failing' : 'still-failing'
          }
          await update({ status: 'pending', verified_at: null, failing_since: null })
          await recordActivity(trx, {
            kind: 'domain',
            actor: DNS_CHECK,
            companyId: row.company_id,
            summary: `domain ${row.domain} is no longer verified: its TXT record has been missing since ${formatDate(since, { utc: true })}`,
            at: asOf,
          })
          return 'unverified'
        })
        counts[change]++
        if (change === 'failing' || change === 'unverified') {
          const company = await db
            .selectFrom('companies')
            .select('name')
            .where('id', '=', row.company_id)
            .executeTakeFirst()
          const manage = `${options.publicUrl()}/manage?dialog=domains&company=${encodeURIComponent(row.company_id)}`
          for (const to of await administratorsOf(db, row.company_id)) {
            const mail = change === 'failing' ? failingMail : unverifiedMail
            await mailer.send(
              mail({ to, row, company: company?.name ?? row.company_id, message: check.message, manage, asOf }),
            )
          }
        }
      }
      return { checked: due.length, ...counts }
    },
  }
}

type MailInput = { to: string; row: Row; company: string; message: string; manage: string; asOf: number }

function failingMail({ to, row, company, message, manage, asOf }: MailInput): Mail {
  return {
    to,
    subject: `The verification record of ${row.domain} is missing`,
    text: [
      'Hello,',
      '',
      `The DNS check of ${row.domain}, a verified domain of the company ${quoted(company)}, did not find its TXT record:`,
      `  ${message}`,
      '',
      `Put the record back (TXT at ${row.domain}: ${verificationRecord(row.token)}), or ${row.domain} stops being verified on ${formatDate(asOf + DOMAIN_GRACE_MS, { utc: true })}, and from then on auto-join lets nobody new in at ${row.domain}.`,
      '',
      `Check it again from the Domains dialog: ${manage}`,
    ].join('\n'),
  }
}

function unverifiedMail({ to, row, company, message, manage }: MailInput): Mail {
  return {
    to,
    subject: `${row.domain} is no longer a verified domain of the company ${quoted(company)}`,
    text: [
      'Hello,',
      '',
      `The TXT record that verified ${row.domain} for the company ${quoted(company)} has been missing for ${DOMAIN_GRACE_MS / DAY_MS} days, so ${row.domain} is no longer verified.`,
      `The last check found: ${message}`,
      '',
      `Auto-join lets nobody new in at ${row.domain} until you verify it again.`,
      `Add the TXT record ${verificationRecord(row.token)} at ${row.domain} and choose Verify now: ${manage}`,
    ].join('\n'),
  }
}
