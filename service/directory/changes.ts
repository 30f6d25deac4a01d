// A directory change: one at a time per company (`withStoreLock`), one logged transaction, holders mailed after.
import { countOf } from '../../protocol/shared/words.js'
import type { ServiceContext } from '../dispatch/context.js'
import { assignmentWords, recordActivity } from '../activity/log.js'
import { inTransaction } from '../db/transaction.js'
import { assignmentMails, unassignmentMails } from '../mail/assignment-mail.js'
import type { Mail } from '../mail/mailer.js'
import { emitQueued, emitSeatChanges } from '../webhooks/emit.js'
import { lockCompanies, withStoreLock } from '../db/locks.js'
import { newSeatOutcome, type SeatOutcome, type SeatScope } from './seats.js'
import type { Database } from '../db/schema.js'
import type { Transaction } from 'kysely'

export type DirectoryActor = {
  /** "identity provider (Okta)", an account's email, "payment provider". */
  log: string
  /** "Your identity provider (Okta)", "olivia@acme.test". */
  mail: string
}

/** `work` touches the store alone. */
export async function changeDirectory<T>(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'mailer' | 'config'>,
  companyId: string,
  actor: DirectoryActor,
  work: (scope: SeatScope) => Promise<T>,
): Promise<T> {
  const { result, mails } = await withStoreLock(ctx.db, `directory:${companyId}`, (db) =>
    inTransaction(db, async (trx) => {
      await lockCompanies(trx, [companyId])
      const scope: SeatScope = { trx, companyId, now: ctx.now(), outcome: newSeatOutcome(companyId) }
      const result = await work(scope)
      return { result, mails: await finishSeatChanges(trx, scope.outcome, actor, scope.now, ctx.config.publicUrl) }
    }),
  )
  await sendAll(ctx, mails)
  return result
}

/** The `assignment` entry and seat events; new holders are told what they received, former ones what they lost. */
export async function finishSeatChanges(
  trx: Transaction<Database>,
  outcome: SeatOutcome,
  actor: DirectoryActor,
  at: number,
  publicUrl: string,
): Promise<Mail[]> {
  const lines = [
    ...outcome.released.map((c) => assignmentWords(c.row, c.email, '')),
    ...outcome.moved.map((c) => assignmentWords(c.row, c.from, c.email)),
    ...outcome.assigned.map((c) => assignmentWords(c.row, '', c.email)),
  ]
  if (lines.length > 0) {
    const summary =
      lines.length === 1
        ? lines[0]
        : [
            outcome.released.length ? `${countOf(outcome.released.length, 'seat')} freed` : '',
            outcome.moved.length ? `${countOf(outcome.moved.length, 'seat')} moved to a new address` : '',
            outcome.assigned.length ? `${countOf(outcome.assigned.length, 'seat')} assigned` : '',
          ]
            .filter(Boolean)
            .join(' and ')
    await recordActivity(trx, {
      kind: 'assignment',
      actor: actor.log,
      companyId: outcome.companyId,
      summary: `${summary} (seats follow the directory)`,
      details: lines.length === 1 ? [] : lines,
      people: [
        ...outcome.released.map((c) => c.email),
        ...outcome.moved.flatMap((c) => [c.from, c.email]),
        ...outcome.assigned.map((c) => c.email),
      ],
      at,
    })
  }
  await emitSeatChanges(
    trx,
    [
      ...outcome.released.map((c) => ({ row: c.row, from: c.email, to: '' })),
      ...outcome.moved.map((c) => ({ row: c.row, from: c.from, to: c.email })),
      ...outcome.assigned.map((c) => ({ row: c.row, from: '', to: c.email })),
    ],
    at,
  )
  await emitQueued(trx, outcome.companyId, outcome.queued, at)
  if (lines.length === 0) return []
  const company = await trx
    .selectFrom('companies')
    .select('name')
    .where('id', '=', outcome.companyId)
    .executeTakeFirst()
  // No name (the company gone meanwhile): the mails say "your company".
  const names = new Map<string, string>(company ? [[outcome.companyId, company.name]] : [])
  return [
    ...unassignmentMails(outcome.released, names, actor.mail),
    ...assignmentMails([...outcome.moved, ...outcome.assigned], names, actor.mail, publicUrl),
  ]
}

/** A mail that cannot be queued is the mailer's to retry, never the change's undoing. */
export async function sendAll(ctx: Pick<ServiceContext, 'mailer'>, mails: readonly Mail[]): Promise<void> {
  for (const mail of mails) await ctx.mailer.send(mail)
}
