// Verified domains: proved by a DNS TXT record; a verified domain belongs to one company only.
import { DAY_MS } from '../shared/dates.js'
import * as z from 'zod/mini'

export const VERIFICATION_PREFIX = 'license-portal-verification='

export const verificationRecord = (token: string) => `${VERIFICATION_PREFIX}${token}`

/** Who the activity log names for what the re-check of verified domains changes. */
export const DNS_CHECK = 'DNS check'

export const MAX_DOMAINS = 50

export const DOMAIN_RECHECK_MS = 6 * 60 * 60 * 1000
/** How long a verified domain whose record has gone stays verified. */
export const DOMAIN_GRACE_MS = 3 * DAY_MS

export const domainRequired = 'Domain must be provided.'
export const domainInvalid = 'Domain is not valid: enter a name such as acme.com.'

const LABEL = '(?!-)[a-z0-9-]{1,63}(?<!-)'
const DOMAIN_PATTERN = new RegExp(`^(?:${LABEL}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$`)

/** A domain as stored and compared: lower-case, no trailing dot, punycode; null when it is not a domain name. */
export function normalizeDomain(input: string): string | null {
  const value = input.trim().toLowerCase().replace(/\.$/, '')
  if (!value || value.length > 253 || /[\s/:@?#\\[\]%]/.test(value)) return null
  let ascii: string
  try {
    ascii = new URL(`http://${value}`).hostname
  } catch {
    return null
  }
  return ascii.length <= 253 && DOMAIN_PATTERN.test(ascii) ? ascii : null
}

export function domainOfEmail(email: string): string | null {
  const at = email.lastIndexOf('@')
  return at < 0 ? null : normalizeDomain(email.slice(at + 1))
}

export const DomainName = z.pipe(
  z.string({ message: domainRequired }).check(
    z.trim(),
    z.minLength(1, { message: domainRequired }),
    z.maxLength(253, { message: domainInvalid }),
    z.refine((value) => normalizeDomain(value) !== null, { message: domainInvalid }),
  ),
  z.transform((value) => normalizeDomain(value) ?? value),
)

export function autoJoinSavedMessage(domain: string, names: readonly string[]): string {
  return names.length === 0
    ? `Auto-join is off for ${domain}.`
    : `Saved: people who sign in with an address at ${domain} receive a seat of ${names.join(' and ')} while seats are free, then wait in the queue.`
}

export const autoJoinNeedsVerification = (domain: string) =>
  `${domain} is not verified: verify it first, then turn auto-join on.`

/** "acme.com is verified by another company …": the refusal of a second claim. */
export function domainTakenMessage(domain: string): string {
  return `${domain} is verified by another company; a domain can belong to one company only. If ${domain} is yours, contact support.`
}
