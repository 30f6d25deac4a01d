import * as z from 'zod/mini'
import { DAY_MS } from './dates.js'

// The most items one bulk call carries, so the longest transaction is bounded (a 10,000-license company fits).
export const MAX_ASSIGNMENT_CHANGES = 10_000
export const MAX_OFFLINE_KEYS = 10_000
export const MAX_RENEWALS = 1_000
export const MAX_REMOVALS = 1_000
/** A larger table, subscription or product group is refused (the reader narrows it). */
export const MAX_LICENSES_READ = 10_000
/** The longest id of a company, subscription, token or machine the protocol carries: a longer one names nothing. */
export const ID_MAX_LENGTH = 200
export const Id = z.string().check(z.minLength(1), z.maxLength(ID_MAX_LENGTH))

/** "At most 1,000 licenses can be renewed in one request; …" */
export function limitMessage(limit: number, what: string): string {
  return `At most ${limit.toLocaleString('en-US')} licenses can be ${what} in one request; send the rest in another.`
}

/** §9: a session lasts 24 hours at most from sign-in, in the portal and in the service alike. */
export const SESSION_MAX_AGE_MS = DAY_MS
