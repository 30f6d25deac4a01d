// An SMTP server for tests (smtp-server), for the mailer's tests and the production start's browser test.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { from: string; to: string[]; data: string }

/** An SMTP server on a free local port that refuses the first `refuse` messages for now, as a busy server would. */
export async function startSmtpDouble(options: { refuse?: number } = {}) {
  const received: ReceivedMail[] = []
  let refusals = options.refuse ?? 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = ''
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
      stream.on('end', () => {
        if (refusals > 0) {
          refusals--
          const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number }
          error.responseCode = 451
          callback(error)
          return
        }
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
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
