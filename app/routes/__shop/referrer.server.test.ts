import { describe, expect, it } from 'vitest'
import { REFERRER_MAX_AGE_SECONDS, getReferrer, referrerCookieHeader } from './referrer.server'

const page = 'http://shop.test/shop/wallaby/buy/'

/** The request a browser would send with the cookie a Set-Cookie header gave it. */
function withCookie(setCookie: string, init: RequestInit = {}, url = page): Request {
  const headers = new Headers(init.headers)
  headers.set('Cookie', setCookie.split(';')[0])
  return new Request(url, { ...init, headers })
}

describe('the referrer cookie (spec §3/§9: kept 14 days, sent in the passthrough)', () => {
  it('keeps a ?ref= value for 14 days', async () => {
    const header = await referrerCookieHeader(new Request(`${page}?ref=partner-42`))
    expect(header).toContain(`Max-Age=${REFERRER_MAX_AGE_SECONDS}`)
    expect(REFERRER_MAX_AGE_SECONDS).toBe(14 * 24 * 60 * 60)
    expect(await getReferrer(withCookie(header ?? ''))).toBe('partner-42')
  })

  it('keeps the Referer of another site, but not one of the portal’s own pages', async () => {
    const external = await referrerCookieHeader(
      new Request(page, { headers: { Referer: 'https://blog.example/post' } }),
    )
    expect(await getReferrer(withCookie(external ?? ''))).toBe('https://blog.example/post')
    expect(await referrerCookieHeader(new Request(page, { headers: { Referer: 'http://shop.test/shop/' } }))).toBeNull()
    expect(await referrerCookieHeader(new Request(page, { headers: { Referer: 'not a url' } }))).toBeNull()
    expect(await referrerCookieHeader(new Request(page))).toBeNull()
  })

  it('lets a Referer fill an empty cookie only; a ?ref= always replaces it', async () => {
    const kept = (await referrerCookieHeader(new Request(`${page}?ref=first`))) ?? ''
    expect(await referrerCookieHeader(withCookie(kept, { headers: { Referer: 'https://other.example/' } }))).toBeNull()
    const replaced = await referrerCookieHeader(withCookie(kept, {}, `${page}?ref=second`))
    expect(await getReferrer(withCookie(replaced ?? ''))).toBe('second')
  })

  it('reads nothing from a missing or foreign cookie', async () => {
    expect(await getReferrer(new Request(page))).toBeUndefined()
    expect(await getReferrer(new Request(page, { headers: { Cookie: 'shop_ref=%%%' } }))).toBeUndefined()
  })
})
