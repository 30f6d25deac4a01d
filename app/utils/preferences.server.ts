import { portalCookie } from './cookies.server'
import * as z from 'zod/mini'

/** Spec §3 "Local browser storage" as one long-lived cookie: works without script, and no flash of the wrong theme. */
export const Preferences = z.object({
  theme: z.catch(z.enum(['dark', 'light']), 'dark'),
  hideWelcome: z.catch(z.boolean(), false),
  sendEmailOnAssign: z.catch(z.boolean(), true),
  hideBulkAssign: z.catch(z.boolean(), false),
  useSendEmailOnAddPermission: z.catch(z.boolean(), true),
})
export type Preferences = z.infer<typeof Preferences>

const defaults: Preferences = Preferences.parse({})

const cookie = portalCookie('prefs', { maxAgeSeconds: 60 * 60 * 24 * 365 })

export async function getPreferences(request: Request): Promise<Preferences> {
  const value = await cookie.parse(request.headers.get('Cookie')).catch(() => null)
  const parsed = Preferences.safeParse({ ...defaults, ...(typeof value === 'object' && value ? value : {}) })
  return parsed.success ? parsed.data : defaults
}

export async function setPreferences(request: Request, change: Partial<Preferences>): Promise<string> {
  const current = await getPreferences(request)
  return cookie.serialize({ ...current, ...change })
}
