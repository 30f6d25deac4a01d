import * as z from 'zod/mini'
import { LogonLinkPolicy } from '#protocol/shared/choices'

export const providers = ['github', 'google'] as const
export type Provider = (typeof providers)[number]
export const providerNames: Record<Provider, string> = { github: 'GitHub', google: 'Google' }

/** Per linked provider a "Linked" field that can only be cleared; linking is a separate form. */
export const AccountSettingsSchema = z.object({
  logonLink: LogonLinkPolicy,
  // A checkbox: absent when cleared.
  renewalReminders: z.optional(z.boolean()),
  githubLinked: z.optional(z.boolean()),
  googleLinked: z.optional(z.boolean()),
})

/** Mailed 2 days before a subscription renews or a license expires. */
export const renewalRemindersLabel = 'Email me before renewals and expiries'

export const LinkAccountSchema = z.object({ provider: z.enum(providers) })
