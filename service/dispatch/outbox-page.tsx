// The development outbox: mail the service has sent, its links clickable.
import { htmlDocument } from './html.js'

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111;background:#fff}
article{border:1px solid #767676;border-radius:8px;padding:0 1rem;margin:1rem 0}pre{white-space:pre-wrap;overflow-wrap:anywhere}
a{color:#0645ad}nav{display:flex;gap:1.5rem;flex-wrap:wrap}`

const LINK = /(https?:\/\/[^\s<]+)/

/** The mail's text with each address a link (split keeps the addresses at the odd places). */
function MailText({ text }: { text: string }) {
  return (
    <pre>
      {text.split(LINK).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  )
}

type Mail = { id: number; to: string; subject: string; text: string; created_at: number }

/** Long links wrap inside the page; the way back to the portal is at the top. */
export function outboxPage(mails: Mail[]) {
  return htmlDocument({
    title: 'Outbox | License Portal (development)',
    style: STYLE,
    children: (
      <>
        <nav aria-label="License Portal">
          <a href="/">License Portal: sign in</a>
          <a href="/manage">Manage Licenses</a>
        </nav>
        <main>
          <h1>Outbox</h1>
          <p>
            Mail the licensing service has sent, newest first (the last 100). A development tool: shown outside
            production, or with DEV_TOOLS=1.
          </p>
          {mails.length === 0 ? <p>No mail yet.</p> : null}
          {mails.map((m) => (
            <article key={m.id} aria-label={`Mail to ${m.to}: ${m.subject}`}>
              <h2>{m.subject}</h2>
              <p>{`To: ${m.to} · ${new Date(Number(m.created_at)).toISOString()}`}</p>
              <MailText text={m.text} />
            </article>
          ))}
        </main>
      </>
    ),
  })
}
