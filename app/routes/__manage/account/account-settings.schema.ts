import { z } from 'zod'
import { LogonLinkPolicy } from '#protocol/entities'

export const providers = ['github', 'google'] as const
export type Provider = (typeof providers)[number]
export const providerNames: Record<Provider, string> = { github: 'GitHub', google: 'Google' }

/**
 * The Account Settings form: the email-link policy, and per linked provider a "Linked" field that can only be cleared
 * (unlinking changes the draft; Save sends the whole draft). Linking is a separate form that leaves for the provider.
 */
export const AccountSettingsSchema = z.object({
  logonLink: LogonLinkPolicy,
  // A checkbox: absent when cleared.
  renewalReminders: z.boolean().optional(),
  githubLinked: z.boolean().optional(),
  googleLinked: z.boolean().optional(),
})

/** The renewal reminders' choice (mailed 2 days before a subscription renews or a license expires). */
export const renewalRemindersLabel = 'Email me before renewals and expiries'

export const LinkAccountSchema = z.object({ provider: z.enum(providers) })
