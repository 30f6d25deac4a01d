import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { loadZodEnglishMessages } from './zod-messages.js'

describe('zod messages', () => {
  it('says in English what a schema leaves unsaid once an entry has loaded them', () => {
    const limit = z.coerce.number().check(z.int(), z.lte(500))
    loadZodEnglishMessages()
    expect(limit.safeParse('501').error?.issues[0]?.message).toBe('Too big: expected number to be <=500')
    expect(z.string().safeParse(1).error?.issues[0]?.message).toBe('Invalid input: expected string, received number')
  })
})
