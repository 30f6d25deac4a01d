import express from 'express'
import { pino, type Logger } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Config } from '../config/config.js'
import { sameOriginPosts } from './guards.js'
import { accessLogLevel, isStaticAsset, requestLogging } from './logger.js'

describe('the same-origin check of form posts', () => {
  const warnings: string[] = []
  const logger = { warn: (line: string) => void warnings.push(line) } as unknown as Pick<Logger, 'warn'>
  let server: ReturnType<express.Express['listen']>
  let url: string
  beforeAll(async () => {
    const app = express()
    app.use(sameOriginPosts({ publicUrl: 'https://portal.example.com' } as Config, logger))
    app.post('*', (_req, res) => res.send('posted'))
    server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(() => {
    server.close()
  })

  it('refuses another origin’s post and tells the operator why, and what to set if it is the portal’s own address', async () => {
    const refused = await fetch(`${url}/manage/secret-link-token?index`, {
      method: 'POST',
      headers: { origin: 'http://portal.internal:3000' },
    })
    expect(refused.status).toBe(403)
    expect(warnings).toEqual([
      'A form post to /manage/[redacted] was refused: it came from the origin "http://portal.internal:3000", not from ' +
        "the portal's own https://portal.example.com. If people open the portal at that address, set PUBLIC_URL to " +
        'it (behind a proxy, also TRUST_PROXY).',
    ])
    const own = await fetch(`${url}/`, { method: 'POST', headers: { origin: 'https://portal.example.com' } })
    expect(own.status).toBe(200)
    expect(warnings).toHaveLength(1)
  })
})

describe('the access log’s levels', () => {
  it('logs a page not found and a customer’s refused form at info, refusals an operator may act on at warn', () => {
    expect(accessLogLevel(200, false)).toBe('info')
    expect(accessLogLevel(404, false)).toBe('info')
    expect(accessLogLevel(400, false)).toBe('info')
    expect(accessLogLevel(403, false)).toBe('warn')
    expect(accessLogLevel(429, false)).toBe('warn')
    expect(accessLogLevel(421, false)).toBe('warn')
    expect(accessLogLevel(500, false)).toBe('error')
    expect(accessLogLevel(501, false)).toBe('info')
    expect(accessLogLevel(200, true)).toBe('error')
    // A static asset served is not logged where the console is read (development); one that fails still is.
    expect(accessLogLevel(200, false, true)).toBe('silent')
    expect(accessLogLevel(304, false, true)).toBe('silent')
    expect(accessLogLevel(404, false, true)).toBe('info')
    expect(accessLogLevel(500, false, true)).toBe('error')
    expect(['/build/entry.client-X.js', '/favicon.svg', '/manage', '/buildings'].map(isStaticAsset)).toEqual([
      true,
      true,
      false,
      false,
    ])
  })
})

describe('the access log of a 501', () => {
  it('is a line at info without a made-up error or stack (a SCIM client asking for /Bulk)', async () => {
    const lines: Array<Record<string, unknown>> = []
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
    const app = express()
    app.use(requestLogging(logger, () => false))
    app.post('/scim/v2/Bulk', (_req, res) => res.status(501).end())
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const { port } = server.address() as { port: number }
    expect((await fetch(`http://127.0.0.1:${port}/scim/v2/Bulk`, { method: 'POST' })).status).toBe(501)
    server.close()
    expect(lines).toEqual([expect.objectContaining({ level: 30, res: { statusCode: 501 } })])
    expect(lines[0]).not.toHaveProperty('err')
  })
})
