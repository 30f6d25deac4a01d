// The sandbox's pay links, HMAC-signed (a key derived from the service secret) so no holder can change price or return.
import { DAY_MS } from '../protocol/shared/dates.js'
import crypto from 'node:crypto'
import * as z from 'zod/mini'

const Terms = z.object({
  /** product id (a plan key, or the renewal product) */
  p: z.string().check(z.minLength(1)),
  /** title override */
  t: z.optional(z.string()),
  /** price override: net amount of quantity 1, USD */
  a: z.optional(z.number().check(z.positive())),
  q: z.int().check(z.gte(1), z.lte(1000)),
  e: z.optional(z.string()),
  co: z.optional(z.string()),
  pc: z.optional(z.string()),
  pt: z.string(),
  cp: z.optional(z.string()),
  r: z.optional(z.url()),
  m: z.optional(z.string()),
  /** the checkout id: one link is one checkout, however often it is opened (links made before it had none) */
  c: z.optional(z.string()),
  /** expires at (epoch ms) */
  x: z.number(),
})
export type PayLinkTerms = z.infer<typeof Terms>

/** Pay links stay valid this long. */
export const PAY_LINK_TTL_MS = 7 * DAY_MS

export function payLinkKey(secret: Buffer): Buffer {
  return crypto.createHmac('sha256', secret).update('sandbox pay link').digest()
}

export function signPayLink(terms: PayLinkTerms, key: Buffer): string {
  const body = Buffer.from(JSON.stringify(terms)).toString('base64url')
  const mac = crypto.createHmac('sha256', key).update(body).digest('base64url')
  return `${body}.${mac}`
}

export type PayLinkCheck = { ok: true; terms: PayLinkTerms } | { ok: false; reason: 'invalid' | 'expired' }

export function readPayLink(link: string, key: Buffer, now: number): PayLinkCheck {
  const [body, mac, extra] = link.split('.')
  if (!body || !mac || extra !== undefined) return { ok: false, reason: 'invalid' }
  const expected = crypto.createHmac('sha256', key).update(body).digest()
  const given = Buffer.from(mac, 'base64url')
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' }
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  const parsed = Terms.safeParse(value)
  if (!parsed.success) return { ok: false, reason: 'invalid' }
  if (parsed.data.x <= now) return { ok: false, reason: 'expired' }
  return { ok: true, terms: parsed.data }
}
