// The DNS check of a domain claim (DNS_RESOLVER): only an answer counts; no answer decides nothing.
import { Resolver } from 'node:dns/promises'
import { VERIFICATION_PREFIX, verificationRecord } from '../../protocol/domains/domains.js'
import type { CheckOutcome } from '../../protocol/domains/operations.js'
import { oneLine } from '../../protocol/shared/text.js'

export type DomainCheck = { outcome: CheckOutcome; message: string }

const TIMEOUT_MS = 3000
const TRIES = 2
/** Records quoted in a message about what was found. */
const RECORDS_SHOWN = 5

/** The TXT records at `domain`, each joined from its strings (RFC 7208 §3.3). */
export async function lookupTxt(domain: string, servers: readonly string[]): Promise<string[]> {
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: TRIES })
  if (servers.length > 0) resolver.setServers([...servers])
  const records = await resolver.resolveTxt(domain)
  return records.map((chunks) => chunks.join(''))
}

/** RFC 2606 and 6761's reserved names: no public DNS holds them, so a lookup only sends the name out. */
const RESERVED_NAME = /(^|\.)(test|example|invalid|localhost)$/

/** A reserved name is asked of DNS_RESOLVER only (the tests' server); without one, the check decides nothing. */
export async function checkDomain(domain: string, token: string, servers: readonly string[]): Promise<DomainCheck> {
  const expected = verificationRecord(token)
  if (servers.length === 0 && RESERVED_NAME.test(domain)) {
    const tld = domain.slice(domain.lastIndexOf('.') + 1)
    return {
      outcome: 'failed',
      message: `${domain} was not looked up: .${tld} names are reserved for tests and examples and no public DNS server holds them. Set DNS_RESOLVER to a DNS server that does to check it.`,
    }
  }
  let records: string[]
  try {
    records = await lookupTxt(domain, servers)
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'an error'
    if (code === 'ENOTFOUND') {
      return { outcome: 'missing', message: `${domain} does not exist in DNS (no such name). Check the spelling.` }
    }
    if (code === 'ENODATA') {
      return { outcome: 'missing', message: `${domain} has no TXT records; add ${expected} and check again.` }
    }
    return {
      outcome: 'failed',
      message: `The DNS lookup of ${domain} failed (${oneLine(code, 40)}); try again in a few minutes.`,
    }
  }
  if (records.some((record) => record.trim() === expected)) {
    return { outcome: 'found', message: `${domain} carries the record ${expected}.` }
  }
  const ours = records.filter((record) => record.trim().startsWith(VERIFICATION_PREFIX))
  const shown = (ours.length > 0 ? ours : records).slice(0, RECORDS_SHOWN).map((r) => `"${oneLine(r, 120)}"`)
  const more = records.length > shown.length && ours.length === 0 ? ` and ${records.length - shown.length} more` : ''
  const found =
    ours.length > 0
      ? `it has ${shown.join(', ')}, which is not this claim's token`
      : `its TXT records are ${shown.join(', ')}${more}`
  return {
    outcome: 'missing',
    message: `No TXT record ${expected} was found at ${domain}: ${found}. DNS changes can take a while to show; check again later.`,
  }
}
