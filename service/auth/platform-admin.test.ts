// `npm run admin`: making and unmaking a platform administrator, on the store the tests run on (SQLite, or PostgreSQL
// under `npm run test:pg`).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand, USAGE } from '../../scripts/admin.js'
import { createTestService, freshDatabase, signInAs } from '../../tests/support/service.js'

let location: string
let dataDir: string
let dropStore: () => Promise<void>
let service: Awaited<ReturnType<typeof createTestService>>

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-command-'))
  if (process.env.TEST_DATABASE_URL) {
    const database = await freshDatabase(process.env.TEST_DATABASE_URL)
    location = database.url
    dropStore = database.drop
  } else {
    location = path.join(dataDir, 'licensing.db')
    dropStore = async () => {}
  }
  // The portal's service on the same store, seeded with the demo data, as an operator's running server would be.
  service = await createTestService({ database: location })
})
afterAll(async () => {
  await service.close()
  await dropStore()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function admin(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const status = await runAdminCommand(
    argv,
    { NODE_ENV: 'test', DATA_DIR: dataDir },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    { database: location },
  )
  return { status, out: out.filter((line) => !line.startsWith('store: migration')).join('\n'), err: err.join('\n') }
}

const detailsOf = async (credential: string) =>
  (await service.call({ retrieveDetails: {} }, credential)).body as {
    retrieveDetails?: { admin: boolean }
    error?: string
  }

describe('npm run admin', () => {
  it('grants a new address, which can then sign in as a platform administrator before owning anything', async () => {
    const granted = await admin('grant-platform-admin', ' New.Operator@Example.test ')
    expect(granted.status).toBe(0)
    expect(granted.out).toMatch(/^new\.operator@example\.test is now a platform administrator \(in /)
    const credential = await signInAs(service, 'new.operator@example.test')
    expect((await detailsOf(credential)).retrieveDetails?.admin).toBe(true)

    // Again: nothing to change.
    expect(await admin('grant-platform-admin', 'new.operator@example.test')).toMatchObject({
      status: 0,
      out: 'new.operator@example.test is a platform administrator already; nothing changed.',
    })
    expect((await admin('list-platform-admins')).out).toMatch(
      /\n {2}new\.operator@example\.test\n {2}root@vendor\.test$/,
    )

    // The account's own log says who made the change.
    const log = await service.call({ retrieveActivity: {} }, credential)
    expect(log.body).toMatchObject({
      retrieveActivity: {
        entries: [{ kind: 'account', actor: 'operator (command line)', summary: 'made a platform administrator' }],
      },
    })
  })

  it('revokes: the service refuses the administrator’s actions at once', async () => {
    const root = await signInAs(service, 'root@vendor.test')
    expect((await detailsOf(root)).retrieveDetails?.admin).toBe(true)
    const revoked = await admin('revoke-platform-admin', 'root@vendor.test')
    expect(revoked.status).toBe(0)
    expect(revoked.out).toMatch(/^root@vendor\.test is no longer a platform administrator/)
    expect((await detailsOf(root)).retrieveDetails?.admin).toBe(false)
    expect((await service.call({ mergeLicenses: { companyName: 'Acme Corp' } }, root)).body).toMatchObject({
      error: 'FORBIDDEN',
    })
    expect((await admin('revoke-platform-admin', 'root@vendor.test')).out).toBe(
      'root@vendor.test is not a platform administrator; nothing changed.',
    )
  })

  it('says how it is used, and refuses what is not an address', async () => {
    expect(await admin()).toEqual({ status: 2, out: '', err: USAGE })
    expect((await admin('make-admin', 'a@b.test')).status).toBe(2)
    expect((await admin('grant-platform-admin')).status).toBe(2)
    expect(await admin('grant-platform-admin', 'not an address')).toMatchObject({
      status: 2,
      err: expect.stringMatching(/^"not an address" is not an email address\./),
    })
  })
})
