import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase, type DB } from '../db/database.js'
import { createMailer, listOutbox, type MailerLog } from './mailer.js'
import { startSmtpDouble } from '../../tests/support/smtp-double.js'

let db: DB
beforeAll(async () => {
  db = openDatabase(':memory:')
  await migrateToLatest(db)
})
afterAll(async () => {
  await db.destroy()
})

const recorder = () => {
  const lines: string[] = []
  const log: MailerLog = { info: (line) => lines.push(line), warn: (line) => lines.push(line) }
  return { lines, log }
}

describe('the mailer', () => {
  it('keeps every message in the outbox and prints it in development when no SMTP is configured', async () => {
    const { lines, log } = recorder()
    const mailer = createMailer({ db, from: 'Portal <no-reply@portal.test>', print: true, log })
    await mailer.send({ to: 'pat@personal.test', subject: 'Hello', text: 'Open http://portal.test/x' })
    const [latest] = await listOutbox(db, 1)
    expect(latest).toMatchObject({ to: 'pat@personal.test', subject: 'Hello', sent_at: null })
    expect(lines.join('\n')).toContain('http://portal.test/x')
  })

  it('never logs a body or link when printing is off (production without SMTP)', async () => {
    const { lines, log } = recorder()
    const mailer = createMailer({ db, from: 'Portal <no-reply@portal.test>', print: false, log })
    await mailer.send({ to: 'pat@personal.test', subject: 'Sign in', text: 'Open http://portal.test/manage/secret' })
    const [latest] = await listOutbox(db, 1)
    expect(latest).toMatchObject({ subject: 'Sign in', sent_at: null })
    expect(lines.join('\n')).not.toContain('http://portal.test/manage/secret')
    expect(lines.join('\n')).not.toContain('pat@personal.test')
  })

  it('delivers over SMTP when SMTP_URL is set, and records the delivery', async () => {
    const smtp = await startSmtpDouble()
    try {
      const { lines, log } = recorder()
      const mailer = createMailer({ db, smtpUrl: smtp.url, from: 'License Portal <no-reply@portal.test>', log })
      expect(await mailer.verify()).toBeNull()
      await mailer.send({ to: 'olivia@acme.test', subject: 'Your sign-in link', text: 'http://portal.test/manage/abc' })
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0].from).toBe('no-reply@portal.test')
      expect(smtp.received[0].to).toEqual(['olivia@acme.test'])
      expect(smtp.received[0].data).toContain('Subject: Your sign-in link')
      expect(smtp.received[0].data).toContain('http://portal.test/manage/abc')
      const [latest] = await listOutbox(db, 1)
      expect(latest.sent_at).toEqual(expect.any(Number))
      expect(lines).toEqual([])
    } finally {
      await smtp.close()
    }
  })

  it('keeps a mail the SMTP server refused, and delivers it on the retry with backoff', async () => {
    const smtp = await startSmtpDouble({ refuse: 1 })
    let clock = 1_000_000
    try {
      const { lines, log } = recorder()
      const mailer = createMailer({
        db,
        smtpUrl: smtp.url,
        from: 'Portal <no-reply@portal.test>',
        log,
        now: () => clock,
      })
      await mailer.send({ to: 'sam@acme.test', subject: 'Retry me', text: 'http://portal.test/manage/retry' })
      expect(smtp.received).toHaveLength(0)
      const [kept] = await listOutbox(db, 1)
      expect(kept).toMatchObject({ subject: 'Retry me', sent_at: null, attempts: 1, next_attempt_at: clock + 60_000 })
      expect(kept.last_error).toContain('451')
      expect(lines.join('\n')).toContain('retrying in 60 s')
      expect(lines.join('\n')).not.toContain('http://portal.test/manage/retry')

      // Not due yet: nothing is sent.
      expect(await mailer.retryDue()).toBe(0)
      clock += 60_000
      expect(await mailer.retryDue()).toBe(1)
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0].data).toContain('http://portal.test/manage/retry')
      const [sent] = await listOutbox(db, 1)
      expect(sent).toMatchObject({ sent_at: clock, next_attempt_at: null, last_error: null })
      expect(await mailer.retryDue()).toBe(0)
    } finally {
      await smtp.close()
    }
  })

  it('delivers a kept mail once when several instances retry the outbox at the same moment', async () => {
    const smtp = await startSmtpDouble({ refuse: 3 })
    let clock = 5_000_000
    try {
      const instance = () =>
        createMailer({
          db,
          smtpUrl: smtp.url,
          from: 'Portal <no-reply@portal.test>',
          log: recorder().log,
          now: () => clock,
        })
      const first = instance()
      for (const n of [1, 2, 3]) await first.send({ to: `twice${n}@acme.test`, subject: `Once ${n}`, text: 'hello' })
      expect(smtp.received).toHaveLength(0)
      clock += 60_000
      // Both instances find the same three mails due; each mail is claimed by one of them only.
      const delivered = await Promise.all([first.retryDue(), instance().retryDue(), instance().retryDue()])
      expect(delivered.reduce((a, b) => a + b, 0)).toBe(3)
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
        'twice1@acme.test',
        'twice2@acme.test',
        'twice3@acme.test',
      ])
    } finally {
      await smtp.close()
    }
  })

  it('names the problem when the SMTP server cannot be reached', async () => {
    const smtp = await startSmtpDouble()
    await smtp.close()
    const mailer = createMailer({ db, smtpUrl: smtp.url, from: 'Portal <no-reply@portal.test>', log: recorder().log })
    expect(await mailer.verify()).toMatch(/ECONNREFUSED/)
  })
})
