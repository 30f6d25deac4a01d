import crypto from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import {
  OFFLINE_KEY_FILE,
  offlineKeyRouter,
  offlineKeySigner,
  verifyOfflineKey,
  type OfflineLicenseFacts,
} from './index.js'

const dirs: string[] = []
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-keys-test-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

const facts: OfflineLicenseFacts = {
  v: 1,
  id: 'lic_1',
  licenseKey: 'WB-AAAA-BBBB-CCCC-DDDD',
  product: 'Wallaby.js company license',
  productGroup: 'wallaby',
  owner: 'acme',
  order: '123456',
  key: 3,
  expiration: Date.UTC(2027, 0, 1),
}

describe('offline keys', () => {
  it('generates an Ed25519 key into the data folder on first use (owner-only) and keeps using it', () => {
    const dataDir = tempDir()
    const signer = offlineKeySigner({ dataDir, env: {} })
    const file = path.join(dataDir, OFFLINE_KEY_FILE)
    expect(fs.existsSync(file)).toBe(true)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(crypto.createPrivateKey(fs.readFileSync(file, 'utf8')).asymmetricKeyType).toBe('ed25519')
    expect(signer.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/)
    // Another process on the same folder (here: a fresh copy of the file) signs with the same key.
    const copy = tempDir()
    fs.copyFileSync(file, path.join(copy, OFFLINE_KEY_FILE))
    expect(offlineKeySigner({ dataDir: copy, env: {} }).publicKeyPem).toBe(signer.publicKeyPem)
  })

  it('signs the license facts so that the public key verifies them, and any change breaks the signature', () => {
    const signer = offlineKeySigner({ dataDir: tempDir(), env: {} })
    const key = signer.sign(facts)
    const [keyId, body, signature] = key.split('.')
    expect(keyId).toBe(signer.keyId)
    expect(JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))).toEqual(facts)
    expect(verifyOfflineKey(key, signer.publicKeyPem)).toEqual(facts)
    // The same license signs the same (Ed25519 is deterministic), so a cached key stays the key.
    expect(signer.sign({ ...facts })).toBe(key)

    const forged = Buffer.from(JSON.stringify({ ...facts, expiration: facts.expiration + 1 })).toString('base64url')
    expect(verifyOfflineKey(`${keyId}.${forged}.${signature}`, signer.publicKeyPem)).toBeNull()
    expect(verifyOfflineKey(key, offlineKeySigner({ dataDir: tempDir(), env: {} }).publicKeyPem)).toBeNull()
    expect(verifyOfflineKey('not-a-key', signer.publicKeyPem)).toBeNull()
  })

  it('verifies with nothing but node:crypto, as the help page shows', () => {
    const signer = offlineKeySigner({ dataDir: tempDir(), env: {} })
    const [, signedFacts, signature] = signer.sign(facts).split('.')
    const valid = crypto.verify(
      null,
      Buffer.from(signedFacts, 'base64url'),
      crypto.createPublicKey(signer.publicKeyPem),
      Buffer.from(signature, 'base64url'),
    )
    expect(valid).toBe(true)
  })

  it('takes the private key from OFFLINE_KEY_PRIVATE_PEM (also with escaped newlines) and writes no file', () => {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ed25519')
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    const dataDir = tempDir()
    const signer = offlineKeySigner({ dataDir, env: { OFFLINE_KEY_PRIVATE_PEM: pem.replace(/\n/g, '\\n') } })
    expect(signer.publicKeyPem).toBe(publicKey.export({ type: 'spki', format: 'pem' }).toString())
    expect(fs.existsSync(path.join(dataDir, OFFLINE_KEY_FILE))).toBe(false)
  })

  it('refuses an environment key that is not Ed25519', () => {
    const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    expect(() => offlineKeySigner({ dataDir: tempDir(), env: { OFFLINE_KEY_PRIVATE_PEM: pem } })).toThrow(
      /must be an Ed25519 key/,
    )
    expect(() => offlineKeySigner({ dataDir: tempDir(), env: { OFFLINE_KEY_PRIVATE_PEM: 'garbage' } })).toThrow(
      /not a readable private key/,
    )
  })

  it('serves the public key at /offline-public-key.pem', async () => {
    const dataDir = tempDir()
    const app = express().use(offlineKeyRouter({ config: { dataDir, env: {} } as never }))
    const server = app.listen(0)
    try {
      const { port } = server.address() as AddressInfo
      const response = await fetch(`http://127.0.0.1:${port}/offline-public-key.pem`)
      expect(response.status).toBe(200)
      const pem = await response.text()
      expect(pem).toBe(offlineKeySigner({ dataDir, env: {} }).publicKeyPem)
      expect(verifyOfflineKey(offlineKeySigner({ dataDir, env: {} }).sign(facts), pem)).toEqual(facts)
    } finally {
      server.close()
    }
  })
})
