// The service tests' fixture: a seeded service on a fresh data folder (or database), signed-in callers, mailed links.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { sql } from 'kysely'
import { frozenJson } from '../../protocol/shared/json.js'
import { serviceRouter } from '../../service/dispatch/http.js'
import { createLicensingService, type LicensingService, type ServiceOptions } from '../../service/index.js'
import { createDatabase } from './postgres-template.js'

/** A licensing service on a fresh temporary data folder, seeded with the demo data; `close()` removes the folder. */
export async function createTestService(
  options: ServiceOptions = {},
): Promise<LicensingService & { dataDir: string; store: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'licensing-test-'))
  // With TEST_DATABASE_URL (a PostgreSQL server), each test service gets a database of its own on it.
  const postgres =
    process.env.TEST_DATABASE_URL && !options.database ? await migratedDatabase(process.env.TEST_DATABASE_URL) : null
  const service = await createLicensingService({
    log: () => {},
    demo: () => import('../../demo/seed.js'),
    ...(postgres ? { database: postgres.url } : {}),
    ...options,
    env: {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://portal.test',
      // The tests sign the same people in again and again; the mail budget's own tests set the budget they prove.
      MAIL_PER_ADDRESS: '1000',
      ...(options.env ?? {}),
    },
  })
  return {
    ...service,
    dataDir,
    /** Where its store is, for a second instance on the same store. */
    store: options.database ?? postgres?.url ?? service.config.databaseUrl ?? service.config.databaseFile,
    // Every answer in the tests is checked to be JSON data (and frozen), as the portal reads it in process.
    async call(request, credential, idempotencyKey) {
      const answer = await service.call(request, credential, idempotencyKey)
      frozenJson(answer.body)
      return answer
    },
    async close() {
      await service.close()
      await postgres?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A new, empty database on the PostgreSQL server at `serverUrl`, and how to drop it. */
export async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  return createDatabase(serverUrl, 'template1')
}

/**
 * A new database with every migration applied: a copy of the template `npm run test:pg` migrates once
 * (tests/support/postgres-template.ts), or an empty one that the service migrates when there is no template.
 */
export async function migratedDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  return createDatabase(serverUrl, process.env.TEST_DATABASE_TEMPLATE || 'template1')
}

/** The newest link in the outbox mailed to `email` that starts with `prefix` (e.g. `http://portal.test/manage/`). */
export async function latestLink(service: LicensingService, email: string, prefix: string): Promise<string> {
  const mails = await service.db
    .selectFrom('mail_outbox')
    .select(['text'])
    .where('to', '=', email)
    .orderBy('id', 'desc')
    .execute()
  for (const mail of mails) {
    const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`))
    if (match) return match[0]
  }
  throw new Error(`no mail to ${email} with a link starting ${prefix}`)
}

/** How many idempotency keys the store keeps (reserved or answered). */
export async function keptIdempotencyKeys(service: Pick<LicensingService, 'db'>): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from idempotency_keys`.execute(service.db)
  return Number(rows[0]?.n ?? 0)
}

/** Signs in by emailed link, as a person would, and returns the service session's bearer credential. */
export async function signInAs(service: LicensingService, email: string): Promise<string> {
  const sent = await service.call({ manageLicense: { type: 'link', email } })
  if (sent.status !== 200) throw new Error(`sign-in link for ${email} refused: ${JSON.stringify(sent.body)}`)
  const link = await latestLink(service, email, `${service.config.publicUrl}/manage/`)
  const passthrough = link.slice(`${service.config.publicUrl}/manage/`.length)
  const answer = await service.call({ retrieveDetails: { passthrough } })
  const session = (answer.body as { retrieveDetails?: { session?: string } }).retrieveDetails?.session
  if (!session) throw new Error(`sign-in for ${email} failed: ${JSON.stringify(answer.body)}`)
  return session
}

/** The service's HTTP endpoints on a random local port, as an editor or a remote portal reaches them. */
export async function serveOverHttp(service: LicensingService): Promise<{ origin: string; close(): Promise<void> }> {
  const app = express()
  app.use(serviceRouter(service))
  const server = http.createServer(app)
  // Idle connections stay open until close: a server that drops one after 5 s races fetch reusing it on a busy machine
  // (ECONNRESET after a slow test).
  server.keepAliveTimeout = 0
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** A seeded service with its HTTP endpoints on a local port (the SCIM and REST API suites). */
export async function startServed(options: ServiceOptions = {}) {
  const service = await createTestService(options)
  const http = await serveOverHttp(service)
  return {
    service,
    origin: http.origin,
    async close() {
      await http.close()
      await service.close()
    },
  }
}
