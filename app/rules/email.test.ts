import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { NEWLINES, NEWLINES_COMMAS_SEMICOLONS, isValidEmail, parseEmailList, requiredEmail, sameEmail } from './email'

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

describe('parseEmailList', () => {
  it('splits on newline, comma and semicolon, ignores blanks, de-duplicates case-insensitively', () => {
    const list = parseEmailList('a@x.test, B@x.test;\n\n  b@X.TEST \r\nc@x.test;;', NEWLINES_COMMAS_SEMICOLONS)
    expect(list).toEqual({ emails: ['a@x.test', 'b@x.test', 'c@x.test'], invalid: [] })
  })
  it('collects invalid entries as typed', () => {
    expect(parseEmailList('a@x.test\nnot an email\n', NEWLINES).invalid).toEqual(['not an email'])
  })
  it('with newlines only, a comma-separated line is one (invalid) entry', () => {
    expect(parseEmailList('a@x.test,b@x.test', NEWLINES)).toEqual({ emails: [], invalid: ['a@x.test,b@x.test'] })
  })
  it('an empty text is an empty list', () => {
    expect(parseEmailList('  \n ', NEWLINES)).toEqual({ emails: [], invalid: [] })
  })
})
