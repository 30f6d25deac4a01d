/**
 * Mail to one address is throttled. Each kind of mail that anyone may cause to be sent to an address — a sign-in link,
 * a change-of-email confirmation, an activation confirmation — has a budget per address: at most `mails` in a window of
 * MAIL_WINDOW_MS (MAIL_PER_ADDRESS, 5 unless configured). Past it the request is refused with RATE_LIMITED and a
 * message saying when to try again; nothing is issued or sent. The count is kept in the store (the rate limits'
 * table), so every instance on one database shares it, and each mail is counted by one statement (an upsert), so
 * concurrent requests for one address never pass the budget together. It is spent before the link is issued.
 */
import crypto from 'node:crypto'
import type { DB } from '../db/database.js'
import { ServiceError } from '../dispatch/errors.js'
import { databaseRateLimitStore } from './rate-limits.js'

export type MailKind = 'sign-in' | 'email-change' | 'activation'

/** The window of the budget. */
export const MAIL_WINDOW_MS = 15 * 60 * 1000
/** The budget when MAIL_PER_ADDRESS is not set. */
export const DEFAULT_MAILS_PER_ADDRESS = 5

/** What the budget is counted under: the kind, and the address as a digest (the table holds no address). */
const keyOf = (kind: MailKind, address: string) =>
  `${kind}:${crypto.createHash('sha256').update(address.trim().toLowerCase()).digest('base64url')}`

/**
 * Counts one mail of `kind` to `address`: answers true while the budget lasts, else false with the time the window
 * ends.
 */
export async function spendMailBudget(
  db: DB,
  input: { kind: MailKind; address: string; mails: number; now: number },
): Promise<{ ok: true } | { ok: false; retryAt: number }> {
  const store = databaseRateLimitStore(db, 'mail:', () => input.now)
  store.init({ windowMs: MAIL_WINDOW_MS })
  const counted = await store.increment(keyOf(input.kind, input.address))
  if (counted.totalHits <= input.mails) return { ok: true }
  return { ok: false, retryAt: counted.resetTime?.getTime() ?? input.now + MAIL_WINDOW_MS }
}

/** "in 1 minute", "in 12 minutes": how long until the window ends, rounded up. */
const inMinutes = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000))
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`
}

const refusals: ReadonlyMap<MailKind, (address: string, wait: string) => string> = new Map([
  [
    'sign-in',
    (address: string, wait: string) =>
      `Several sign-in links were sent to ${address} in the last few minutes. Use the newest one, or ask for another ${wait}.`,
  ],
  [
    'email-change',
    (address: string, wait: string) =>
      `Several confirmation emails were sent to ${address} in the last few minutes. Use the newest one, or try again ${wait}.`,
  ],
  [
    'activation',
    // An editor asks anonymously: the holders' addresses are not told.
    (_address: string, wait: string) =>
      `Several confirmation emails were sent for this license in the last few minutes. Confirm with the newest one, or try again ${wait}.`,
  ],
])

/** Counts one mail of `kind` to `address`, or refuses the request with RATE_LIMITED and when to try again. */
export async function requireMailBudget(
  db: DB,
  input: { kind: MailKind; address: string; mails: number; now: number },
): Promise<void> {
  const spent = await spendMailBudget(db, input)
  if (spent.ok) return
  throw mailBudgetRefusal(input.kind, input.address, spent.retryAt - input.now)
}

export function mailBudgetRefusal(kind: MailKind, address: string, waitMs: number): ServiceError {
  const message = refusals.get(kind)?.(address, inMinutes(waitMs)) ?? 'Too many emails; please try again later.'
  return new ServiceError('RATE_LIMITED', message)
}
