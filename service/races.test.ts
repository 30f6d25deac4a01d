/**
 * The service's invariants under real concurrency: several processes, each with its own connection to one store, send
 * their requests at the same moment. On SQLite the file's single writer orders them; on PostgreSQL (TEST_DATABASE_URL)
 * they run at once and the transactions are serializable. Either way the invariant holds.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoRefs } from './db/seed.js'
import { ACTIVATION_LIMIT } from '../protocol/licenses.js'
import { createTestService, freshDatabase, latestLink, signInAs } from './testing.js'

let service: Awaited<ReturnType<typeof createTestService>>
let store: string
let dropStore: () => Promise<void> = async () => {}

beforeAll(async () => {
  const postgres = process.env.TEST_DATABASE_URL ? await freshDatabase(process.env.TEST_DATABASE_URL) : null
  service = await createTestService(postgres ? { database: postgres.url } : {})
  store = postgres?.url ?? path.join(service.dataDir, 'licensing.db')
  if (postgres) dropStore = postgres.drop
}, 60_000)
afterAll(async () => {
  await service.close()
  await dropStore()
})

type Answer = { status: number; body: Record<string, unknown> }

// A process of its own: opens the store, says it is ready, waits for the word, sends one request, prints the answer.
const CALLER = `import { createLicensingService } from './service/index.ts'
const service = await createLicensingService({
  database: process.env.STORE,
  seed: false,
  log: () => {},
  env: { NODE_ENV: 'test', DATA_DIR: process.env.DATA_DIR, PUBLIC_URL: 'http://portal.test' },
})
process.stdout.write('ready\\n')
await new Promise((resolve) => process.stdin.once('data', resolve))
const answer = await service.call(JSON.parse(process.env.REQUEST), process.env.CREDENTIAL || undefined)
process.stdout.write(JSON.stringify(answer) + '\\n')
await service.close()
process.exit(0)`

/** Sends each request from a process of its own, all at the same moment, and returns their answers in order. */
async function fromProcesses(requests: Array<{ request: unknown; credential?: string }>): Promise<Answer[]> {
  const children = requests.map(({ request, credential }) =>
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', CALLER], {
      env: {
        ...process.env,
        STORE: store,
        DATA_DIR: service.dataDir,
        REQUEST: JSON.stringify(request),
        CREDENTIAL: credential ?? '',
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  )
  const outputs = children.map(
    (child) =>
      new Promise<string[]>((resolve) => {
        let text = ''
        child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()))
        child.on('exit', () => resolve(text.trim().split('\n')))
      }),
  )
  await Promise.all(children.map((child) => new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))))
  for (const child of children) child.stdin.write('go\n')
  return (await Promise.all(outputs)).map((lines) => JSON.parse(lines[lines.length - 1]!) as Answer)
}

const ACTIVATE = 'http://portal.test/activate/'

describe('invariants across processes', () => {
  it(`the activation limit: of 5 machines confirmed at once from 5 processes, exactly ${ACTIVATION_LIMIT} are activated`, async () => {
    const license = demoRefs.licenses.rootQuokka
    await service.db
      .updateTable('activations')
      .set({ status: 'deactivated' })
      .where('license_id', '=', license)
      .execute()
    const { license_key: licenseKey } = await service.db
      .selectFrom('licenses')
      .select('license_key')
      .where('id', '=', license)
      .executeTakeFirstOrThrow()
    const passthroughs: string[] = []
    for (const hostname of ['p1', 'p2', 'p3', 'p4', 'p5']) {
      await service.call({ activation: { licenseKey, hostname } })
      passthroughs.push((await latestLink(service, 'root@vendor.test', ACTIVATE)).slice(ACTIVATE.length))
    }
    const answers = await fromProcesses(
      passthroughs.map((passthrough) => ({ request: { confirmActivation: { passthrough, deactivate: [] } } })),
    )
    const completed = answers.filter((a) => (a.body.confirmActivation as { completed?: boolean })?.completed)
    expect(completed).toHaveLength(ACTIVATION_LIMIT)
    const active = await service.db
      .selectFrom('activations')
      .select('hostname')
      .where('license_id', '=', license)
      .where('status', '=', 'active')
      .execute()
    expect(active).toHaveLength(ACTIVATION_LIMIT)
  }, 60_000)

  it('the last administrator: two administrators removing each other from two processes leave one', async () => {
    const now = Date.now()
    await service.db.insertInto('companies').values({ id: 'race', name: 'Race Corp', created_at: now }).execute()
    await service.db
      .insertInto('company_permissions')
      .values(
        ['a@race.test', 'b@race.test'].map((email) => ({
          company_id: 'race',
          email,
          permissions: 'ADMIN',
          created_at: now,
        })),
      )
      .execute()
    const a = await signInAs(service, 'a@race.test')
    const b = await signInAs(service, 'b@race.test')
    const answers = await fromProcesses([
      { request: { updatePermissions: { remove: [{ companyId: 'race', email: 'b@race.test' }] } }, credential: a },
      { request: { updatePermissions: { remove: [{ companyId: 'race', email: 'a@race.test' }] } }, credential: b },
    ])
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    const admins = await service.db
      .selectFrom('company_permissions')
      .select('email')
      .where('company_id', '=', 'race')
      .where('permissions', '=', 'ADMIN')
      .execute()
    expect(admins).toHaveLength(1)
  }, 60_000)

  it('a sign-in link is used once: the same link opened from three processes at once signs in one of them', async () => {
    await service.call({ manageLicense: { type: 'link', email: 'olivia@acme.test' } })
    const link = await latestLink(service, 'olivia@acme.test', 'http://portal.test/manage/')
    const passthrough = link.slice('http://portal.test/manage/'.length)
    const answers = await fromProcesses(
      Array.from({ length: 3 }, () => ({ request: { retrieveDetails: { passthrough } } })),
    )
    const signedIn = answers.filter((a) => (a.body.retrieveDetails as { session?: string } | undefined)?.session)
    expect(signedIn).toHaveLength(1)
  }, 60_000)
})
