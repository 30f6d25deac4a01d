import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { phpSerializeStrings } from './php-serialize.js'
import { signAlert, signedPayload, verifyAlertSignature } from './signature.js'

const keys = crypto.generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
})
const other = crypto.generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
})

describe("PHP serialize of Paddle's fields", () => {
  it('writes an array of strings with byte lengths, as PHP does', () => {
    expect(
      phpSerializeStrings([
        ['alert_id', '1234'],
        ['email', 'a@b.test'],
      ]),
    ).toBe('a:2:{s:8:"alert_id";s:4:"1234";s:5:"email";s:8:"a@b.test";}')
    // PHP counts UTF-8 bytes: "Zoë" is 4 bytes, "€" 3.
    expect(
      phpSerializeStrings([
        ['name', 'Zoë'],
        ['p', '€'],
      ]),
    ).toBe('a:2:{s:4:"name";s:4:"Zoë";s:1:"p";s:3:"€";}')
    expect(phpSerializeStrings([])).toBe('a:0:{}')
  })

  it('signs every field but p_signature, sorted by key, values as strings', () => {
    expect(signedPayload({ quantity: '5', alert_id: '9', p_signature: 'x', coupon: '' })).toBe(
      'a:3:{s:8:"alert_id";s:1:"9";s:6:"coupon";s:0:"";s:8:"quantity";s:1:"5";}',
    )
    expect(signedPayload({ b: 2, a: true })).toBe('a:2:{s:1:"a";s:4:"true";s:1:"b";s:1:"2";}')
  })
})

describe('webhook signature verification (RSA-SHA1 over the serialized fields)', () => {
  const alert = {
    alert_id: '1700000001',
    alert_name: 'subscription_created',
    email: 'buyer@example.test',
    passthrough: '{"name":"Zoë & Co","referrer":"https://example.test/?a=1&b=2"}',
    quantity: '5',
  }

  it('accepts a valid signature', () => {
    const signed = signAlert(alert, keys.privateKey)
    expect(signed.p_signature).toMatch(/^[A-Za-z0-9+/]+=*$/)
    expect(verifyAlertSignature(signed, keys.publicKey)).toBe(true)
  })

  it('matches a signature made the way Paddle documents it (openssl over the serialized, ksorted array)', () => {
    const serialized = phpSerializeStrings(
      Object.keys(alert)
        .sort()
        .map((k) => [k, alert[k as keyof typeof alert]]),
    )
    const signature = crypto.sign('sha1', Buffer.from(serialized, 'utf8'), keys.privateKey).toString('base64')
    expect(verifyAlertSignature({ ...alert, p_signature: signature }, keys.publicKey)).toBe(true)
  })

  it('refuses a tampered field, an added field and a removed field', () => {
    const signed = signAlert(alert, keys.privateKey)
    expect(verifyAlertSignature({ ...signed, quantity: '50' }, keys.publicKey)).toBe(false)
    expect(verifyAlertSignature({ ...signed, extra: '' }, keys.publicKey)).toBe(false)
    const { email: _email, ...withoutEmail } = signed
    expect(verifyAlertSignature(withoutEmail, keys.publicKey)).toBe(false)
  })

  it('refuses another key, a missing signature and garbage', () => {
    const signed = signAlert(alert, keys.privateKey)
    expect(verifyAlertSignature(signed, other.publicKey)).toBe(false)
    expect(verifyAlertSignature(alert, keys.publicKey)).toBe(false)
    expect(verifyAlertSignature({ ...alert, p_signature: 'not base64 at all!' }, keys.publicKey)).toBe(false)
    expect(verifyAlertSignature(signed, 'not a key')).toBe(false)
  })
})
