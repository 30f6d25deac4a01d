import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase, type DB } from '../db/database.js'
import { createMailer, listOutbox } from './mailer.js'

let db: DB
beforeAll(async () => {
  db = openDatabase(':memory:')
  await migrateToLatest(db)
})
afterAll(async () => {
  await db.destroy()
})

describe('the mailer', () => {
  it('keeps every message in the outbox and prints it when no SMTP is configured', async () => {
    const lines: string[] = []
    const mailer = createMailer({ db, from: 'Portal <no-reply@portal.test>', log: (line) => lines.push(line) })
    await mailer.send({ to: 'pat@personal.test', subject: 'Hello', text: 'Open http://portal.test/x' })
    const [latest] = await listOutbox(db, 1)
    expect(latest).toMatchObject({ to: 'pat@personal.test', subject: 'Hello', sent_at: null })
    expect(lines.join('\n')).toContain('http://portal.test/x')
  })

  it('delivers over SMTP when SMTP_URL is set, and records the delivery', async () => {
    const received: Array<{ from: string; to: string[]; data: string }> = []
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = ''
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.server.address() as AddressInfo
    try {
      const lines: string[] = []
      const mailer = createMailer({
        db,
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'License Portal <no-reply@portal.test>',
        log: (line) => lines.push(line),
      })
      await mailer.send({ to: 'olivia@acme.test', subject: 'Your sign-in link', text: 'http://portal.test/manage/abc' })
      expect(received).toHaveLength(1)
      expect(received[0].from).toBe('no-reply@portal.test')
      expect(received[0].to).toEqual(['olivia@acme.test'])
      expect(received[0].data).toContain('Subject: Your sign-in link')
      expect(received[0].data).toContain('http://portal.test/manage/abc')
      const [latest] = await listOutbox(db, 1)
      expect(latest.sent_at).toEqual(expect.any(Number))
      expect(lines).toEqual([])
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
