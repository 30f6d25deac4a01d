import { parseWithZod } from '#app/utils/conform-zod'
import { describe, expect, it } from 'vitest'
import { nameOrEmail, purchaseSchema } from './purchase-schema'

const countries = [
  { code: 'US', name: 'United States', requiresZip: true },
  { code: 'AT', name: 'Austria', taxName: 'MwSt.' },
]

function parse(fields: Record<string, string>) {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) formData.set(name, value)
  return parseWithZod(formData, { schema: purchaseSchema(countries) })
}

describe('purchaseSchema (§5 checkout rows)', () => {
  it('gives every field’s message at once for an empty form, not the email’s first', () => {
    const result = parse({ type: 'company', country: 'US', name: '', email: '', zip: '' })
    expect(result.status).toBe('error')
    expect(result.reply().error).toEqual({
      email: ['Email address must be provided.'],
      name: ['Company name must be provided.'],
      zip: ['Zip/Post code must be provided.'],
    })
  })

  it('checks the name and zip while the email is invalid, and the country too', () => {
    const result = parse({ type: 'individual', country: 'XX', name: '', email: 'not an email' })
    expect(result.reply().error).toEqual({
      email: ['Email address is not valid.'],
      name: ['Name must be provided.'],
      country: ['Choose a country from the list.'],
    })
  })

  it('stands the email in for a name still empty at Continue (§2)', () => {
    const result = parse({ type: 'individual', country: 'AT', name: ' ', email: ' ada@example.test ' })
    expect(result.status).toBe('success')
    if (result.status !== 'success') return
    expect(result.value).toMatchObject({ name: 'ada@example.test', email: 'ada@example.test', country: 'AT' })
  })

  it('keeps a name that was typed, and clamps the quantity', () => {
    const result = parse({ type: 'company', country: 'US', name: 'Acme', email: 'a@b.test', zip: '1', quantity: '500' })
    expect(result.status === 'success' && result.value).toMatchObject({ name: 'Acme', quantity: 100, zip: '1' })
  })
})

describe('nameOrEmail', () => {
  it('is the name, else a valid email, else nothing', () => {
    expect(nameOrEmail({ name: 'Ada', email: 'a@b.test' })).toBe('Ada')
    expect(nameOrEmail({ name: '', email: 'a@b.test' })).toBe('a@b.test')
    expect(nameOrEmail({ email: 'not an email' })).toBeUndefined()
    expect(nameOrEmail({})).toBeUndefined()
  })
})
