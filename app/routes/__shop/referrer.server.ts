import { oneLine } from '#protocol/shared/text'
import { portalCookie } from '#app/utils/cookies.server'

/** Spec §3/§9: kept 14 days and sent in the checkout passthrough. */
export const REFERRER_MAX_AGE_SECONDS = 14 * 24 * 60 * 60

const referrerCookie = portalCookie('shop_ref', { maxAgeSeconds: REFERRER_MAX_AGE_SECONDS })

const MAX_LENGTH = 500

export async function getReferrer(request: Request): Promise<string | undefined> {
  const value: unknown = await referrerCookie.parse(request.headers.get('Cookie')).catch(() => null)
  const referrer = typeof value === 'string' ? oneLine(value, MAX_LENGTH) : ''
  return referrer || undefined
}

/** `?ref=` always replaces the kept one; another site's Referer only fills an empty cookie; null: nothing new. */
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
