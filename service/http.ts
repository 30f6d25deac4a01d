import express from 'express'
import { identityRouter } from './identity/router.js'
import { listOutbox } from './mail/mailer.js'
import type { LicensingService } from './index.js'
import { offlineKeyRouter } from './offline-keys.js'
import { paymentsRouter } from './payments/router.js'

const bearer = (header: string | undefined) => (header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined)

/** The service's HTTP endpoints: the licensing protocol, and the development outbox. */
export function serviceRouter(service: LicensingService): express.Router {
  const router = express.Router()
  router.use(offlineKeyRouter(service))

  router.post('/api/licensing', express.text({ type: () => true, limit: '1mb' }), async (req, res) => {
    const response = await service.callText(
      typeof req.body === 'string' ? req.body : '',
      bearer(req.get('authorization')),
      req.get('idempotency-key'),
    )
    res.status(response.status).type('application/json').send(JSON.stringify(response.body))
  })

  router.use(identityRouter(service))
  router.use(paymentsRouter(service))

  if (service.config.devTools) {
    router.get('/dev/outbox', async (_req, res) => {
      const mails = await listOutbox(service.db, 100)
      res.type('html').send(outboxPage(mails))
    })
  }
  return router
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)

function outboxPage(mails: Array<{ id: number; to: string; subject: string; text: string; created_at: number }>) {
  const items = mails
    .map((m) => {
      const body = escape(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')
      return `<article aria-label="Mail to ${escape(m.to)}: ${escape(m.subject)}"><h2>${escape(m.subject)}</h2>
<p>To: ${escape(m.to)} · ${new Date(Number(m.created_at)).toISOString()}</p><pre>${body}</pre></article>`
    })
    .join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Outbox | License Portal (development)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111;background:#fff}
article{border:1px solid #767676;border-radius:8px;padding:0 1rem;margin:1rem 0}pre{white-space:pre-wrap}a{color:#0645ad}</style></head>
<body><main><h1>Outbox</h1><p>Mail the licensing service has sent, newest first. Shown only outside production.</p>
${items || '<p>No mail yet.</p>'}</main></body></html>`
}
