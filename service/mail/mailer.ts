import nodemailer from 'nodemailer'
import type { DB } from '../db/database.js'
import { countOf } from '../../protocol/shared/words.js'
import { exponentialBackoff, storeQueue } from '../queue/queue.js'

export type Mail = { to: string; subject: string; text: string }

export interface Mailer {
  /** Keeps the mail in the outbox; never loses it to a failing SMTP server. */
  send(mail: Mail): Promise<void>
  /** The problem in words, or null. */
  verify(): Promise<string | null>
  retryDue(): Promise<number>
  startRetries(intervalMs?: number): { stop(): void }
}

export type MailerLog = { info(line: string): void; warn(line: string): void }

/** At most an hour apart, for about a day. */
export const RETRY_BASE_MS = 60_000
export const RETRY_MAX_DELAY_MS = 60 * 60_000
export const MAX_ATTEMPTS = 30

/** Longer than any SMTP delivery takes. */
const CLAIM_MS = 5 * 60 * 1000

/** Every message is kept in the outbox; sent by SMTP if set, else printed outside production; never logged in it. */
export function createMailer(options: {
  db: DB
  smtpUrl?: string
  from: string
  /** Print each mail's body (development without SMTP). */
  print?: boolean
  log?: MailerLog
  now?: () => number
  retryBaseMs?: number
}): Mailer {
  const { db } = options
  const now = options.now ?? Date.now
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null
  const log = options.log ?? { info: (line) => console.log(line), warn: (line) => console.warn(line) }
  const base = options.retryBaseMs ?? RETRY_BASE_MS

  // The claim of a mail is its next attempt moved past a delivery's time: should its instance stop, the claim runs out.
  const queue = storeQueue(db, 'mail_outbox', {
    key: 'id',
    due: 'next_attempt_at',
    leaseMs: CLAIM_MS,
    backoff: exponentialBackoff({ baseMs: base, maxMs: RETRY_MAX_DELAY_MS }),
  })

  async function deliver(row: { id: number; to: string; subject: string; text: string; attempts: number }) {
    const claimed = transport && (await queue.claim(row.id, now(), { where: { sent_at: null } }))
    if (!transport || !claimed) return false
    try {
      await transport.sendMail({ from: options.from, to: row.to, subject: row.subject, text: row.text })
      await queue.settle(claimed, { sent_at: now(), next_attempt_at: null, last_error: null })
      return true
    } catch (err) {
      const attempts = row.attempts + 1
      const giveUp = attempts >= MAX_ATTEMPTS
      const failedAt = now()
      const retryAt = queue.retryAt(attempts, failedAt)
      const error = (err as Error).message.slice(0, 500)
      await queue.settle(claimed, { attempts, last_error: error, next_attempt_at: giveUp ? null : retryAt })
      log.warn(
        giveUp
          ? `mail: delivery of outbox mail ${row.id} failed ${attempts} times; given up (${error})`
          : `mail: delivery of outbox mail ${row.id} failed (${error}); retrying in ${Math.round((retryAt - failedAt) / 1000)} s`,
      )
      return false
    }
  }

  const mailer: Mailer = {
    async send(mail) {
      const row = await db
        .insertInto('mail_outbox')
        // Due at once: it is sent now, or by the retries should this instance stop before.
        .values({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          created_at: now(),
          sent_at: null,
          ...(transport ? { next_attempt_at: now() } : {}),
        })
        .returning(['id', 'to', 'subject', 'text', 'attempts'])
        .executeTakeFirstOrThrow()
      if (transport) await deliver(row)
      else if (options.print) log.info(`\n[mail] to ${mail.to}: ${mail.subject}\n${mail.text}\n`)
      else log.info(`mail: outbox mail ${row.id} kept undelivered (no SMTP_URL)`)
    },
    async verify() {
      if (!transport) return null
      try {
        await transport.verify()
        return null
      } catch (err) {
        return (err as Error).message
      }
    },
    async retryDue() {
      if (!transport) return 0
      const due = await db
        .selectFrom('mail_outbox')
        .select(['id', 'to', 'subject', 'text', 'attempts'])
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now())
        .orderBy('id')
        .limit(50)
        .execute()
      let delivered = 0
      for (const row of due) if (await deliver(row)) delivered++
      if (delivered > 0) log.info(`mail: delivered ${countOf(delivered, 'outbox mail')} on retry`)
      return delivered
    },
    startRetries(intervalMs = 15_000) {
      let running = false
      const timer = setInterval(() => {
        if (running) return
        running = true
        mailer
          .retryDue()
          .catch((err: unknown) => log.warn(`mail: retrying the outbox failed: ${(err as Error).message}`))
          .finally(() => (running = false))
      }, intervalMs)
      timer.unref()
      return { stop: () => clearInterval(timer) }
    },
  }
  return mailer
}

export async function listOutbox(db: DB, limit = 50) {
  return db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute()
}
