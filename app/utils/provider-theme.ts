// The sandbox's pages wear the portal's light or dark theme, as its frames do; Paddle's pages have their own.
import type { Result } from '#protocol/operations'
import type { ThemeName } from '#app/components/frame/theme-toggle'

/** The provider's page address with the portal's theme, when the provider is the sandbox. */
export function withProviderTheme(
  url: string,
  provider: Result<'catalog'>['checkout']['provider'] | undefined,
  theme: ThemeName,
): string {
  // A renewal through sales answers a mail link: it has no page to wear a theme.
  const web = /^https?:\/\//.test(url)
  if (provider !== 'sandbox' || !(web || url.startsWith('/'))) return url
  const parsed = new URL(url, 'http://portal.invalid')
  parsed.searchParams.set('theme', theme)
  return web ? parsed.toString() : `${parsed.pathname}${parsed.search}${parsed.hash}`
}
