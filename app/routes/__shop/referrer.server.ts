import { oneLine } from '#protocol/text'
import { portalCookie } from '#app/utils/cookies.server'

/** Spec §3/§9: the referrer is kept in a cookie for 14 days and sent in the checkout passthrough. */
export const REFERRER_MAX_AGE_SECONDS = 14 * 24 * 60 * 60

const referrerCookie = portalCookie('shop_ref', { maxAgeSeconds: REFERRER_MAX_AGE_SECONDS })

const MAX_LENGTH = 500

/** The referrer kept for this browser, if any. */
export async function getReferrer(request: Request): Promise<string | undefined> {
  const value: unknown = await referrerCookie.parse(request.headers.get('Cookie')).catch(() => null)
  const referrer = typeof value === 'string' ? oneLine(value, MAX_LENGTH) : ''
  return referrer || undefined
}

/**
 * The referrer a shop page was reached with: a `?ref=` value, or else the Referer header of another site (a link from
 * this portal's own pages is not a referral). Returns the Set-Cookie value that keeps it for 14 days, or null when
 * there is nothing new to keep (a `ref` always replaces the kept one; a Referer only fills an empty cookie).
 */
export async function referrerCookieHeader(request: Request): Promise<string | null> {
  const url = new URL(request.url)
  const ref = oneLine(url.searchParams.get('ref') ?? '', MAX_LENGTH)
  if (ref) return referrerCookie.serialize(ref)
  const header = request.headers.get('Referer')
  if (!header) return null
  let referer: URL
  try {
    referer = new URL(header)
  } catch {
    return null
  }
  if (referer.host === url.host || (referer.protocol !== 'https:' && referer.protocol !== 'http:')) return null
  if (await getReferrer(request)) return null
  return referrerCookie.serialize(oneLine(referer.href, MAX_LENGTH))
}
