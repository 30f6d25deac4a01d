import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoRefs } from '../demo/seed.js'
import { createTestService, latestLink, serveOverHttp } from '../tests/support/service.js'
import { describeAnswer, parseEditorArgs, runEditor, UsageError } from './editor.js'

// The CLI against a licensing service served over HTTP on a random port, as an editor would reach it.
let service: Awaited<ReturnType<typeof createTestService>>
let served: Awaited<ReturnType<typeof serveOverHttp>>
let url: string
let patKey: string
let ossKey: string

beforeAll(async () => {
  service = await createTestService()
  served = await serveOverHttp(service)
  url = served.origin
  const key = async (id: string) =>
    (await service.db.selectFrom('licenses').select('license_key').where('id', '=', id).executeTakeFirstOrThrow())
      .license_key
  patKey = await key(demoRefs.licenses.patActivated)
  ossKey = await key(demoRefs.licenses.patOpenSource)
})
afterAll(async () => {
  await served.close()
  await service.close()
})

async function run(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runEditor([...argv, '--url', url], { out: (l) => out.push(l), err: (l) => err.push(l), env: {} })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('npm run editor', () => {
  it('activate on a new machine: pending, the holder gets the link; check is valid once it is confirmed', async () => {
    const requested = await run('activate', '--key', patKey, '--host', 'cli-box')
    expect(requested).toMatchObject({ code: 0, err: '' })
    expect(requested.out).toContain('Activation of cli-box requested')

    const notYet = await run('check', '--key', patKey, '--host', 'cli-box')
    expect(notYet.code).toBe(1)
    expect(notYet.err).toContain('not activated on this machine')

    // pat's license is on 3 machines already: confirm, freeing the build server.
    const link = await latestLink(service, 'pat@personal.test', 'http://portal.test/activate/')
    const passthrough = link.slice('http://portal.test/activate/'.length)
    const buildServer = demoRefs.activations[2]!
    const confirmed = await service.call({ confirmActivation: { passthrough, deactivate: [buildServer] } })
    expect(confirmed.body).toEqual({ confirmActivation: { completed: true } })

    const valid = await run('check', '--key', patKey, '--host', 'cli-box')
    expect(valid.code).toBe(0)
    expect(valid.out).toMatch(
      /^Valid on cli-box: Wallaby\.js \+ Quokka\.js personal license, expires on \d{4}-\d{2}-\d{2}\.$/,
    )
    const again = await run('activate', '--key', patKey, '--host', 'cli-box')
    expect(again.out).toContain('already active on cli-box')
  })

  it('a refusal prints the code and message and exits 1', async () => {
    const refused = await run('activate', '--key', 'WB-0000-0000-0000-0000', '--host', 'x')
    expect(refused).toMatchObject({ code: 1, out: '' })
    expect(refused.err).toBe('Refused (INVALID_REQUEST): Unknown license key.')
  })

  it('oss-check', async () => {
    expect(await run('oss-check', '--key', ossKey)).toMatchObject({
      code: 0,
      out: expect.stringContaining('Valid Open Source license'),
    })
    expect(await run('oss-check', '--key', patKey)).toMatchObject({
      code: 1,
      err: 'Not valid: the key is not an Open Source license.',
    })
  })

  it('wrong usage exits 2 with the usage text; an unreachable service exits 3', async () => {
    const err: string[] = []
    const io = { out: () => {}, err: (l: string) => void err.push(l), env: {} }
    expect(await runEditor(['activate', '--key', 'K'], io)).toBe(2)
    expect(err.join('\n')).toContain('--host is required')
    expect(await runEditor(['deactivate', '--key', 'K'], io)).toBe(2)
    expect(await runEditor(['check', '--key', 'K', '--host', 'h', '--url', 'http://127.0.0.1:1'], io)).toBe(3)
    expect(err.at(-1)).toContain('Could not reach the licensing service')
  })

  it('answers --help (and help) with the usage on standard output, exit status 0', async () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['check', '--help']]) {
      const out: string[] = []
      const err: string[] = []
      expect(await runEditor(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: {} })).toBe(0)
      expect(out.join('\n')).toContain('npm run editor -- activate --key KEY --host HOST')
      expect(err).toEqual([])
    }
  })

  it('parses --url, $LICENSING_URL, $PORT and the default', () => {
    expect(parseEditorArgs(['check', '--key', 'K', '--host', 'h'], {})).toMatchObject({ url: 'http://localhost:3000' })
    expect(
      parseEditorArgs(['check', '--key', 'K', '--host', 'h'], { LICENSING_URL: 'http://svc.test/' }),
    ).toMatchObject({ url: 'http://svc.test' })
    expect(() => parseEditorArgs(['check', '--host', 'h'], {})).toThrow(UsageError)
    // The portal's own PORT when nothing else names the address; --url and $LICENSING_URL win over it.
    const check = ['check', '--key', 'K', '--host', 'h']
    expect(parseEditorArgs(check, { PORT: '3600' })).toMatchObject({ url: 'http://localhost:3600' })
    expect(parseEditorArgs([...check, '--url', 'http://a.test'], { PORT: '3600' })).toMatchObject({
      url: 'http://a.test',
    })
    expect(() => parseEditorArgs(check, { PORT: 'eighty' })).toThrow('PORT must be a port number (it is eighty).')
    expect(describeAnswer({ command: 'check', key: 'K', host: 'h', url: 'u' }, 502, undefined).exitCode).toBe(3)
  })

  it('runs as `npm run editor` does (tsx scripts/editor.ts), with its exit status', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url))
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/editor.ts', 'oss-check', '--key', ossKey, '--url', url],
      { cwd: root },
    )
    let stdout = ''
    child.stdout.on('data', (d) => (stdout += String(d)))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Valid Open Source license, expires on \d{4}-\d{2}-\d{2}\.\n$/)
  })
})
