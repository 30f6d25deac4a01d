import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { isValidEmail, requiredEmail, sameEmail } from './email'

describe('isValidEmail: simple {email} with no spaces', () => {
  it.each(['pat@personal.test', 'first.last+tag@sub.example.co.uk', 'A@B.CD'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true)
  })
  it.each([
    '',
    'pat',
    'pat@',
    '@personal.test',
    'pat@personal',
    'pat @personal.test',
    'pat@per sonal.test',
    'a@b@c.de',
    `${'a'.repeat(250)}@b.cd`,
    'pat\u0007@personal.test',
    'pat\u202e@personal.test',
    'pat@personal.test\u2066',
  ])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false)
  })
})

describe('sameEmail', () => {
  it('compares trimmed and case-insensitively', () => {
    expect(sameEmail(' Pat@Personal.test', 'pat@personal.TEST ')).toBe(true)
    expect(sameEmail('pat@personal.test', 'max@personal.test')).toBe(false)
  })
})

describe('requiredEmail (conform field)', () => {
  const schema = z.object({ email: requiredEmail })
  const messageFor = (value: unknown) => {
    const result = schema.safeParse({ email: value })
    return result.success ? null : result.error.issues[0].message
  }
  it('an empty field (undefined from conform) is required', () => {
    expect(messageFor(undefined)).toBe('Email address must be provided.')
  })
  it('a blank field is required', () => {
    expect(messageFor('   ')).toBe('Email address must be provided.')
  })
  it('an address with a space is not valid', () => {
    expect(messageFor('pat @personal.test')).toBe('Email address is not valid.')
  })
  it('a non-string is not valid', () => {
    expect(messageFor(['a@b.cd', 'c@d.ef'])).toBe('Email address is not valid.')
  })
  it('a valid address passes, trimmed', () => {
    expect(schema.parse({ email: '  pat@personal.test ' })).toEqual({ email: 'pat@personal.test' })
  })
})
