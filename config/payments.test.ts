import { describe, expect, it } from 'vitest'
import { loadPaymentsConfig, pemFromEnv } from './payments.js'

describe('choosing the payment provider', () => {
  it('is the local sandbox when no Paddle credentials are set', () => {
    expect(loadPaymentsConfig({}, false)).toEqual({ provider: 'sandbox', checkoutWaitMs: 0 })
    expect(loadPaymentsConfig({ SANDBOX_REVIEW_DELAY_SECONDS: '90' }, false)).toEqual({
      provider: 'sandbox',
      reviewDelayMs: 90_000,
      checkoutWaitMs: 0,
    })
  })

  it('is Paddle Classic with vendor id and auth code, its sandbox environment with PADDLE_SANDBOX=1', () => {
    const key = '-----BEGIN PUBLIC KEY-----\\nMIIBIjAN\\n-----END PUBLIC KEY-----'
    expect(
      loadPaymentsConfig(
        { PADDLE_VENDOR_ID: '1234', PADDLE_VENDOR_AUTH_CODE: 'abc', PADDLE_PUBLIC_KEY: key, PADDLE_SANDBOX: '1' },
        true,
      ),
    ).toEqual({
      provider: 'paddle',
      vendorId: '1234',
      authCode: 'abc',
      publicKey: '-----BEGIN PUBLIC KEY-----\nMIIBIjAN\n-----END PUBLIC KEY-----',
      sandbox: true,
      checkoutWaitMs: 6000,
    })
    expect(loadPaymentsConfig({ PADDLE_VENDOR_ID: '1234', PADDLE_VENDOR_AUTH_CODE: 'abc' }, false)).toMatchObject({
      provider: 'paddle',
      sandbox: false,
    })
  })

  it('refuses half a Paddle configuration, a non-numeric vendor id, and the sandbox in production unless asked for', () => {
    expect(() => loadPaymentsConfig({ PADDLE_VENDOR_ID: '1234' }, false)).toThrow(
      /both PADDLE_VENDOR_ID and PADDLE_VENDOR_AUTH_CODE/,
    )
    expect(() => loadPaymentsConfig({ PADDLE_VENDOR_ID: 'abc', PADDLE_VENDOR_AUTH_CODE: 'x' }, false)).toThrow(
      /numeric/,
    )
    expect(() => loadPaymentsConfig({}, true)).toThrow(/PAYMENTS_SANDBOX=1/)
    expect(loadPaymentsConfig({ PAYMENTS_SANDBOX: '1' }, true)).toMatchObject({ provider: 'sandbox' })
  })

  it('reads a public key given as a bare base64 body', () => {
    expect(pemFromEnv('QUJD'.repeat(20))).toBe(
      `-----BEGIN PUBLIC KEY-----\n${'QUJD'.repeat(16)}\n${'QUJD'.repeat(4)}\n-----END PUBLIC KEY-----\n`,
    )
  })
})
