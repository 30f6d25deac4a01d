// Account settings (spec §2, §6) and a personal license holder's change of email address (spec §2, §5, §8).
import * as z from 'zod/mini'
import type { ParsedPayload, Result } from '../../protocol/operations.js'
import { requireCaller, type ServiceContext } from '../dispatch/context.js'
import type { DB } from '../db/database.js'
import { hasAnything } from '../reads/details.js'
import { ServiceError } from '../dispatch/errors.js'
import { flagsOfColumn } from '../auth/policy.js'
import { providerLabels, type ProviderName } from '../identity/types.js'
import { consumeToken, issueToken, peekToken, revokeLinks } from '../auth/tokens.js'
import { requireMailBudget } from '../auth/mail-budget.js'
import type { OperationHandlers } from './handlers.js'
import { inTransaction } from '../db/transaction.js'
import { recordActivity } from '../activity/log.js'
import { emailMustDiffer } from '../../protocol/shared/email.js'

async function accountSettings(_payload: unknown, ctx: ServiceContext): Promise<Result<'accountSettings'>> {
  const caller = await requireCaller(ctx)
  const account = await ctx.db
    .selectFrom('accounts')
    .select(['logon_link', 'github_id', 'google_id', 'renewal_reminders'])
    .where('email', '=', caller.email)
    .executeTakeFirstOrThrow()
  return {
    logonLink: account.logon_link,
    githubLinked: account.github_id !== null,
    googleLinked: account.google_id !== null,
    renewalReminders: account.renewal_reminders === 1,
  }
}

/** Linking needs the provider's consent, so a provider set to true that is not linked yet is refused. */
async function updateAccountSettings(
  payload: ParsedPayload<'updateAccountSettings'>,
  ctx: ServiceContext,
): Promise<Result<'updateAccountSettings'>> {
  const caller = await requireCaller(ctx)
  const account = await ctx.db
    .selectFrom('accounts')
    .select(['logon_link', 'github_id', 'google_id', 'renewal_reminders'])
    .where('email', '=', caller.email)
    .executeTakeFirstOrThrow()
  const wanted: Record<ProviderName, boolean> = { github: payload.githubLinked, google: payload.googleLinked }
  const current: Record<ProviderName, string | null> = { github: account.github_id, google: account.google_id }
  for (const provider of ['github', 'google'] as const) {
    if (wanted[provider] && !current[provider]) {
      const label = providerLabels[provider]
      throw new ServiceError(
        'INVALID_STATE',
        `${label} is not linked yet; linking signs in at ${label} first (Link ${label}).`,
      )
    }
  }
  const reminders = payload.renewalReminders
  const changes = [
    ...(payload.logonLink !== account.logon_link
      ? [`set sign-in by email link to ${logonLinkWords[payload.logonLink]}`]
      : []),
    ...(['github', 'google'] as const)
      .filter((provider) => current[provider] && !wanted[provider])
      .map((provider) => `unlinked ${providerLabels[provider]} sign-in`),
    ...(reminders !== undefined && reminders !== (account.renewal_reminders === 1)
      ? [`turned ${reminders ? 'on' : 'off'} emails before renewals and expiries`]
      : []),
  ]
  if (changes.length === 0) return { completed: true }
  await inTransaction(ctx.db, async (trx) => {
    await trx
      .updateTable('accounts')
      .set({
        logon_link: payload.logonLink,
        github_id: wanted.github ? current.github : null,
        google_id: wanted.google ? current.google : null,
        ...(reminders !== undefined ? { renewal_reminders: reminders ? 1 : 0 } : {}),
      })
      .where('email', '=', caller.email)
      .execute()
    await recordActivity(trx, {
      kind: 'account',
      actor: caller.email,
      account: caller.email,
      summary: changes.join('; '),
      at: ctx.now(),
    })
  })
  return { completed: true }
}

/** Spec §9. */
const logonLinkWords = { default: '"Only when OAuth not linked"', always: '"Always"' } as const

/** Spec §1, §6: at least one license in their own name. */
async function isPersonalHolder(db: DB, email: string): Promise<boolean> {
  const license = await db
    .selectFrom('licenses')
    .select('id')
    .where('owner', '=', email)
    .where('license_type', '=', 'personal')
    .limit(1)
    .executeTakeFirst()
  return license !== undefined
}

const EmailChange = z.object({ from: z.string().check(z.minLength(1)), to: z.string().check(z.minLength(1)) })

async function transferLicenses(
  payload: ParsedPayload<'transferLicenses'>,
  ctx: ServiceContext,
): Promise<Result<'transferLicenses'>> {
  const caller = await requireCaller(ctx)
  const to = payload.transferTo
  if (!(await isPersonalHolder(ctx.db, caller.email))) {
    throw new ServiceError('FORBIDDEN', 'Only personal license holders can change their email address.')
  }
  if (to === caller.email) {
    throw new ServiceError('INVALID_REQUEST', emailMustDiffer)
  }
  const now = ctx.now()
  // A few confirmations per window at most; the newest link replaces older unused ones, so only the last can confirm.
  await requireMailBudget(ctx.db, {
    kind: 'email-change',
    address: to,
    mails: ctx.config.mailPerAddress,
    now,
    production: ctx.config.production,
  })
  const token = await inTransaction(ctx.db, (trx) =>
    issueToken(trx, ctx.codec, {
      purpose: 'email_change',
      email: to,
      account: caller.email,
      data: { from: caller.email, to },
      now,
    }),
  )
  const link = `${ctx.config.publicUrl}/confirmEmail/${token}/`
  await ctx.mailer.send({
    to,
    subject: 'Confirm your new License Portal email address',
    text: [
      'Hello,',
      '',
      `You asked to change the email address of your License Portal account from ${caller.email} to ${to}.`,
      'To confirm the change, open this link:',
      '',
      link,
      '',
      `Confirming moves the licenses, subscriptions, company permissions and linked GitHub and Google sign-ins of ${caller.email} to ${to}.`,
      'The link is valid for 24 hours and can be used once. If you did not ask for this, you can ignore this email.',
    ].join('\n'),
  })
  return { completed: true }
}

/** A second use of a confirmed link changes nothing and answers completed again ("Change Confirmed" once more). */
async function confirmEmailChange(
  payload: ParsedPayload<'confirmEmailChange'>,
  ctx: ServiceContext,
): Promise<Result<'confirmEmailChange'>> {
  const now = ctx.now()
  const token = await peekToken(ctx.db, ctx.codec, payload.passthrough, 'email_change', now)
  const data = EmailChange.safeParse(token.data)
  if (!data.success) throw new ServiceError('INVALID_SIGNATURE')
  const { from, to } = data.data
  if (token.used) return { completed: true }

  try {
    await inTransaction(ctx.db, async (trx) => {
      await consumeToken(trx, ctx.codec, payload.passthrough, 'email_change', now)
      const account = await trx.selectFrom('accounts').select('email').where('email', '=', from).executeTakeFirst()
      if (!account && !(await hasAnything(trx, from))) {
        throw new ServiceError('NO_USER', `No account was found for ${from}.`)
      }
      await moveEverything(trx, from, to, now)
      // Earlier requests no longer apply: other pending changes of either address, and the old address's sign-in links.
      await revokeLinks(trx, { purpose: 'email_change', accounts: [from, to], now, by: 'email-change' })
      await revokeLinks(trx, { purpose: 'login', accounts: [from], now, by: 'email-change' })
      await recordActivity(trx, {
        kind: 'account',
        actor: from,
        account: to,
        summary: `changed the account email from ${from} to ${to}`,
        people: [to],
        at: now,
      })
    })
  } catch (err) {
    // The same link confirmed at the same moment by another request: that one did the move.
    if (err instanceof ServiceError && err.code === 'INVALID_REQUEST') return { completed: true }
    throw err
  }
  await ctx.mailer.send({
    to: from,
    subject: 'Your License Portal email address was changed',
    text: [
      'Hello,',
      '',
      `The email address of your License Portal account was changed from ${from} to ${to}.`,
      `Your licenses, subscriptions and company permissions now belong to ${to}; sign in with that address from now on.`,
      'If you did not make this change, please contact support.',
    ].join('\n'),
  })
  return { completed: true }
}

/** The stronger of two entries for one company, never a union (which could make a stronger role). */
function strongerPermissions(a: string, b: string): string {
  const score = (codes: string) => Object.values(flagsOfColumn(codes)).filter(Boolean).length
  return score(b) > score(a) ? b : a
}

/** Everything of the old address moves (or merges into an existing account); its sessions end. */
export async function moveEverything(trx: DB, from: string, to: string, now: number): Promise<void> {
  const source = await trx.selectFrom('accounts').selectAll().where('email', '=', from).executeTakeFirst()
  const target = await trx.selectFrom('accounts').selectAll().where('email', '=', to).executeTakeFirst()
  if (source && target) {
    // Merge: the existing account keeps its own settings and links; it gains the old one's links where it has none.
    await trx.deleteFrom('accounts').where('email', '=', from).execute()
    await trx
      .updateTable('accounts')
      .set({
        admin: Math.max(source.admin, target.admin),
        github_id: target.github_id ?? source.github_id,
        google_id: target.google_id ?? source.google_id,
      })
      .where('email', '=', to)
      .execute()
  } else if (source) {
    await trx.updateTable('accounts').set({ email: to }).where('email', '=', from).execute()
  } else if (!target) {
    await trx
      .insertInto('accounts')
      .values({ email: to, admin: 0, logon_link: 'default', github_id: null, google_id: null, created_at: now })
      .execute()
  }

  await trx.updateTable('licenses').set({ owner: to }).where('owner', '=', from).execute()
  await trx.updateTable('licenses').set({ assigned_to: to }).where('assigned_to', '=', from).execute()
  await trx.updateTable('subscriptions').set({ owner: to }).where('owner', '=', from).execute()
  // Personal orders belong to the address; their billing contact follows it. Company orders keep their contact.
  await trx
    .updateTable('orders')
    .set({ customer_email: to })
    .where('owner', '=', from)
    .where('customer_email', '=', from)
    .execute()
  await trx.updateTable('orders').set({ owner: to }).where('owner', '=', from).execute()

  const permissions = await trx.selectFrom('company_permissions').selectAll().where('email', '=', from).execute()
  for (const entry of permissions) {
    const existing = await trx
      .selectFrom('company_permissions')
      .select('permissions')
      .where('company_id', '=', entry.company_id)
      .where('email', '=', to)
      .executeTakeFirst()
    if (existing) {
      await trx
        .updateTable('company_permissions')
        .set({ permissions: strongerPermissions(existing.permissions, entry.permissions) })
        .where('company_id', '=', entry.company_id)
        .where('email', '=', to)
        .execute()
      await trx
        .deleteFrom('company_permissions')
        .where('company_id', '=', entry.company_id)
        .where('email', '=', from)
        .execute()
    } else {
      await trx
        .updateTable('company_permissions')
        .set({ email: to })
        .where('company_id', '=', entry.company_id)
        .where('email', '=', from)
        .execute()
    }
  }

  // The account's own log goes with it; entries of a company's log stay as written.
  await trx.updateTable('activity_entries').set({ account_email: to }).where('account_email', '=', from).execute()
  await trx
    .updateTable('service_sessions')
    .set({ revoked_at: now })
    .where('email', '=', from)
    .where('revoked_at', 'is', null)
    .execute()
}

export const accountOperations: OperationHandlers = {
  accountSettings,
  updateAccountSettings,
  transferLicenses,
  confirmEmailChange,
}
