// Mail to one address is throttled per kind (sign-in link, email change, activation): at most MAIL_PER_ADDRESS in
// MAIL_WINDOW_MS, else RATE_LIMITED saying when to try again. Counted in the store by one upsert per mail, so instances
// share it and concurrent requests never pass the budget together; spent before the link is issued.
import crypto from 'node:crypto'
import type { DB } from '../db/database.js'
import { ServiceError } from '../dispatch/errors.js'
import { databaseRateLimitStore } from './rate-limits.js'

export type MailKind = 'sign-in' | 'email-change' | 'activation'

export const MAIL_WINDOW_MS = 15 * 60 * 1000

/** The address as a digest: the table holds no address. */
const keyOf = (kind: MailKind, address: string) =>
  `${kind}:${crypto.createHash('sha256').update(address.trim().toLowerCase()).digest('base64url')}`

/** True while the budget lasts, else false with the time the window ends. */
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

/** "in 1 minute", "in 12 minutes", rounded up. */
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

export async function requireMailBudget(
  db: DB,
  input: { kind: MailKind; address: string; mails: number; now: number; production: boolean },
): Promise<void> {
  const spent = await spendMailBudget(db, input)
  if (spent.ok) return
  throw mailBudgetRefusal(input.kind, input.address, spent.retryAt - input.now, input)
}

/** Outside production the one trying the portal is its operator: the refusal also says how to raise the budget. */
export function mailBudgetRefusal(
  kind: MailKind,
  address: string,
  waitMs: number,
  budget: { mails: number; production: boolean },
): ServiceError {
  const message = refusals.get(kind)?.(address, inMinutes(waitMs)) ?? 'Too many emails; please try again later.'
  const raise = budget.production
    ? ''
    : ` (Outside production: MAIL_PER_ADDRESS allows ${budget.mails} such mails per address in 15 minutes; set it higher in .env and restart the portal to allow more.)`
  return new ServiceError('RATE_LIMITED', message + raise)
}
