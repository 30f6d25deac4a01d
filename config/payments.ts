// Paddle Classic when configured, else the sandbox (in production only with PAYMENTS_SANDBOX=1).
import * as z from 'zod/mini'

const flag = z.pipe(
  z.optional(z.string()),
  z.transform((v) => v === '1' || v?.toLowerCase() === 'true'),
)

const optionalText = z.pipe(
  z.optional(z.string()),
  z.transform((v) => (v && v.trim() ? v.trim() : undefined)),
)

export const PaymentsEnv = z.object({
  PADDLE_VENDOR_ID: optionalText.check(
    z.refine((v) => v === undefined || /^\d+$/.test(v), 'PADDLE_VENDOR_ID is numeric'),
  ),
  PADDLE_VENDOR_AUTH_CODE: optionalText,
  PADDLE_PUBLIC_KEY: optionalText,
  PADDLE_SANDBOX: flag,
  PAYMENTS_SANDBOX: flag,
  /** Unset: approved only from /sandbox/review. */
  SANDBOX_REVIEW_DELAY_SECONDS: z
    .pipe(
      optionalText,
      z.transform((v) => (v === undefined ? undefined : Number(v))),
    )
    .check(
      z.refine(
        (v) => v === undefined || (Number.isFinite(v) && v >= 0),
        'SANDBOX_REVIEW_DELAY_SECONDS is a number of seconds',
      ),
    ),
  /** Paddle only; the sandbox is immediate. */
  CHECKOUT_WEBHOOK_WAIT_MS: z.pipe(
    optionalText,
    z.transform((v) => (v === undefined ? 6000 : Number(v))),
  ),
})

export type PaymentsConfig =
  | {
      provider: 'paddle'
      vendorId: string
      authCode: string
      publicKey?: string
      sandbox: boolean
      checkoutWaitMs: number
    }
  | { provider: 'sandbox'; reviewDelayMs?: number; checkoutWaitMs: number }

export function loadPaymentsConfig(env: Record<string, string | undefined>, production: boolean): PaymentsConfig {
  const parsed = PaymentsEnv.parse(env)
  const checkoutWaitMs = Number.isFinite(parsed.CHECKOUT_WEBHOOK_WAIT_MS) ? parsed.CHECKOUT_WEBHOOK_WAIT_MS : 6000
  if (parsed.PADDLE_VENDOR_ID && parsed.PADDLE_VENDOR_AUTH_CODE) {
    return {
      provider: 'paddle',
      vendorId: parsed.PADDLE_VENDOR_ID,
      authCode: parsed.PADDLE_VENDOR_AUTH_CODE,
      ...(parsed.PADDLE_PUBLIC_KEY ? { publicKey: pemFromEnv(parsed.PADDLE_PUBLIC_KEY) } : {}),
      sandbox: parsed.PADDLE_SANDBOX,
      checkoutWaitMs,
    }
  }
  if (parsed.PADDLE_VENDOR_ID || parsed.PADDLE_VENDOR_AUTH_CODE) {
    throw new Error('Paddle needs both PADDLE_VENDOR_ID and PADDLE_VENDOR_AUTH_CODE; only one of them is set.')
  }
  if (production && !parsed.PAYMENTS_SANDBOX) {
    throw new Error(
      'No payment provider is configured: set PADDLE_VENDOR_ID, PADDLE_VENDOR_AUTH_CODE and PADDLE_PUBLIC_KEY, or set ' +
        'PAYMENTS_SANDBOX=1 to run the sandbox provider (test cards, no real payments) in production.',
    )
  }
  return {
    provider: 'sandbox',
    ...(parsed.SANDBOX_REVIEW_DELAY_SECONDS !== undefined
      ? { reviewDelayMs: parsed.SANDBOX_REVIEW_DELAY_SECONDS * 1000 }
      : {}),
    checkoutWaitMs: 0,
  }
}

/** Literal "\n" sequences (one-line env files) become newlines. */
export function pemFromEnv(value: string): string {
  const text = value.includes('\\n') ? value.replace(/\\n/g, '\n') : value
  if (text.includes('-----BEGIN')) return text
  // A bare base64 body: wrap it.
  const body = text.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n')
  return `-----BEGIN PUBLIC KEY-----\n${body.trim()}\n-----END PUBLIC KEY-----\n`
}
