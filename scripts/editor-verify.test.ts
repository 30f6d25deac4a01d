import crypto from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { offlineKeyRouter, offlineKeySigner, type OfflineLicenseFacts } from '../service/offline-keys/index.js'
import { runEditor } from './editor.js'

// A rotation: offline keys were signed with the old key; the service now signs with a new one and lists the old one
// as retired. `npm run editor -- verify` checks keys of both, as an editor would, with the keys the portal serves.
const pem = (key: crypto.KeyObject) =>
  key.export(key.type === 'private' ? { type: 'pkcs8', format: 'pem' } : { type: 'spki', format: 'pem' }).toString()
const oldPair = crypto.generateKeyPairSync('ed25519')
const newPair = crypto.generateKeyPairSync('ed25519')
const strangerPair = crypto.generateKeyPairSync('ed25519')

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-verify-test-'))
const signerWith = (key: crypto.KeyObject) =>
  offlineKeySigner({ dataDir: dir, env: { OFFLINE_KEY_PRIVATE_PEM: pem(key) } })
const rotatedEnv = {
  OFFLINE_KEY_PRIVATE_PEM: pem(newPair.privateKey),
  OFFLINE_KEY_RETIRED_PEMS: pem(oldPair.publicKey),
}

const NOW = Date.UTC(2027, 0, 1)
const facts = (key: number, expiration = Date.UTC(2027, 5, 30)): OfflineLicenseFacts => ({
  v: 1,
  id: `lic_${key}`,
  licenseKey: `WB-AAAA-BBBB-CCCC-000${key}`,
  product: 'Wallaby.js company license',
  productGroup: 'wallaby',
  owner: 'acme',
  order: '935369',
  key,
  expiration,
})

let url: string
let close: () => void

function serve(env: Record<string, string>): Promise<{ url: string; close: () => void }> {
  const app = express().use(offlineKeyRouter({ config: { dataDir: dir, env } as never }))
  return new Promise((resolve) => {
    const server = app.listen(0, () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }),
    )
  })
}

beforeAll(async () => {
  const served = await serve(rotatedEnv)
  url = served.url
  close = served.close
})
afterAll(() => {
  close()
  fs.rmSync(dir, { recursive: true, force: true })
})

let files = 0
async function verify(text: string, ...extra: string[]) {
  const file = path.join(dir, `key-${++files}.txt`)
  fs.writeFileSync(file, text)
  const out: string[] = []
  const err: string[] = []
  const code = await runEditor(['verify', '--file', file, ...(extra.length ? extra : ['--url', url])], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: {},
    now: NOW,
  })
  return { code, out, err }
}

describe('npm run editor -- verify', () => {
  it('accepts a key signed with the current signing key, naming its key id', async () => {
    const signer = signerWith(newPair.privateKey)
    const result = await verify(signer.sign(facts(1)))
    expect(result).toEqual({
      code: 0,
      out: [
        `Valid offline key: Wallaby.js company license, order 935369, key 1, owner acme; expires on 2027-06-30 (signed with key ${signer.keyId}).`,
      ],
      err: [],
    })
  })

  it('accepts keys signed with a retired key, with its id and from before key ids (a downloaded list)', async () => {
    const old = signerWith(oldPair.privateKey)
    const withId = old.sign(facts(2))
    const beforeIds = withId.split('.').slice(1).join('.')
    const list = `Offline keys of Acme Corp\n\nOrder 935369\n2: ${withId}\n3: ${beforeIds}\n`
    const result = await verify(list)
    expect(result.code).toBe(0)
    expect(result.out).toEqual([
      expect.stringMatching(new RegExp(`^Valid offline key: .*key 2, .*\\(signed with key ${old.keyId}\\)\\.$`)),
      expect.stringMatching(new RegExp(`^Valid offline key: .*key 2, .*\\(signed with key ${old.keyId}\\)\\.$`)),
    ])
  })

  it('refuses a tampered key, a key of a signer the vendor does not list, and an expired one', async () => {
    const signer = signerWith(newPair.privateKey)
    const [keyId, , signature] = signer.sign(facts(4)).split('.')
    const longer = Buffer.from(JSON.stringify(facts(4, Date.UTC(2030, 0, 1)))).toString('base64url')
    const tampered = await verify(`${keyId}.${longer}.${signature}`)
    expect(tampered.code).toBe(1)
    expect(tampered.err).toEqual([
      expect.stringMatching(/^Not valid: it has been altered, or was not signed by the vendor/),
    ])

    const stranger = await verify(signerWith(strangerPair.privateKey).sign(facts(5)))
    expect(stranger.code).toBe(1)
    expect(stranger.err).toEqual([expect.stringMatching(/^Not valid: it names a signing key the vendor does not list/)])

    const expired = await verify(signer.sign(facts(6, Date.UTC(2026, 11, 31))))
    expect(expired).toMatchObject({
      code: 1,
      err: ['Genuine but expired on 2026-12-31: Wallaby.js company license, order 935369, key 6, owner acme.'],
    })
  })

  it('works offline with the key set saved from /offline-public-keys.json', async () => {
    const saved = path.join(dir, 'keys.json')
    fs.writeFileSync(saved, await (await fetch(`${url}/offline-public-keys.json`)).text())
    const listed = JSON.parse(fs.readFileSync(saved, 'utf8')) as { keys: Array<{ kid: string }> }
    expect(listed.keys.map((k) => k.kid)).toEqual([
      signerWith(newPair.privateKey).keyId,
      signerWith(oldPair.privateKey).keyId,
    ])
    const result = await verify(signerWith(oldPair.privateKey).sign(facts(7)), '--keys', saved)
    expect(result.code).toBe(0)
  })

  it('refuses the old keys once the retired key is no longer listed', async () => {
    const unlisted = await serve({ OFFLINE_KEY_PRIVATE_PEM: pem(newPair.privateKey) })
    try {
      const result = await verify(signerWith(oldPair.privateKey).sign(facts(8)), '--url', unlisted.url)
      expect(result.code).toBe(1)
    } finally {
      unlisted.close()
    }
  })

  it('says when the file holds no offline key, or cannot be read', async () => {
    expect(await verify('hello\n')).toMatchObject({
      code: 1,
      err: [expect.stringMatching(/^No offline key found in /)],
    })
    const missing = await runEditor(['verify', '--file', path.join(dir, 'missing.txt'), '--url', url], {
      out: () => {},
      err: () => {},
      env: {},
    })
    expect(missing).toBe(2)
  })
})
