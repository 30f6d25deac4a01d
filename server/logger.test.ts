import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { pino } from 'pino'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { isStaticAsset, requestLogging } from './logger.js'

const lines: string[] = []
let server: http.Server
let dir: string
let url: string

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assets-'))
  fs.writeFileSync(path.join(dir, 'entry.js'), '')
  const app = express()
  app.use(requestLogging(pino({}, { write: (line: string) => void lines.push(line) }), () => false, isStaticAsset))
  app.use('/build', express.static(dir))
  app.get('/manage', (_req, res) => res.send('page'))
  server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

it('logs pages and a missing asset, not an asset served (the development console)', async () => {
  for (const p of ['/build/entry.js', '/build/missing.js', '/manage']) await (await fetch(url + p)).text()
  await expect.poll(() => lines.length).toBe(2)
  const paths = lines.map((line) => (JSON.parse(line) as { req: { path: string } }).req.path)
  expect(paths.sort()).toEqual(['/build/missing.js', '/manage'])
})
