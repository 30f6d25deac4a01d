import nodemailer from 'nodemailer'
import type { DB } from '../db/database.js'

export type Mail = { to: string; subject: string; text: string }

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/**
 * Every message is kept in the store's outbox (shown at /dev/outbox outside production). With SMTP configured it is
 * also delivered; without it, it is printed on the console so a developer can follow the links.
 */
export function createMailer(options: {
  db: DB
  smtpUrl?: string
  from: string
  log?: (line: string) => void
  now?: () => number
}): Mailer {
  const now = options.now ?? Date.now
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null
  const log = options.log ?? ((line: string) => console.log(line))
  return {
    async send(mail) {
      const row = await options.db
        .insertInto('mail_outbox')
        .values({ to: mail.to, subject: mail.subject, text: mail.text, created_at: now(), sent_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (transport) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text })
        await options.db.updateTable('mail_outbox').set({ sent_at: now() }).where('id', '=', row.id).execute()
      } else {
        log(`\n[mail] to ${mail.to}: ${mail.subject}\n${mail.text}\n`)
      }
    },
  }
}

export async function listOutbox(db: DB, limit = 50) {
  return db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute()
}
