import * as z from 'zod'
import { LogonLinkPolicy } from '#protocol/entities'

export const providers = ['github', 'google'] as const
export type Provider = (typeof providers)[number]
export const providerNames: Record<Provider, string> = { github: 'GitHub', google: 'Google' }

/** Per linked provider a "Linked" field that can only be cleared; linking is a separate form. */
export const AccountSettingsSchema = z.object({
  logonLink: LogonLinkPolicy,
  // A checkbox: absent when cleared.
  renewalReminders: z.boolean().optional(),
  githubLinked: z.boolean().optional(),
  googleLinked: z.boolean().optional(),
})

/** Mailed 2 days before a subscription renews or a license expires. */
export const renewalRemindersLabel = 'Email me before renewals and expiries'

export const LinkAccountSchema = z.object({ provider: z.enum(providers) })
