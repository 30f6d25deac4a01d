import type { DomainEntry } from '#protocol/domains/operations'
import { DOMAIN_GRACE_MS } from '#protocol/domains/domains'
import { formatDate } from '#protocol/shared/dates'

const day = (ms: number) => formatDate(ms, { utc: true })

/** A domain's status in words: "Verified", "Not verified", or a verified domain whose record has gone missing. */
export function domainStatusText(domain: Pick<DomainEntry, 'status' | 'failingSince'>): string {
  if (domain.status === 'pending') return 'Not verified'
  if (domain.failingSince === null) return 'Verified'
  return `Verified, but its TXT record is missing: it stops being verified on ${day(domain.failingSince + DOMAIN_GRACE_MS)}`
}
