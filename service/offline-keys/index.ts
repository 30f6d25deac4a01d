// Offline keys (spec §2, §3): `key id.base64url(facts).base64url(Ed25519)`; two-part keys predate key ids.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import express from 'express'
import type { ServiceConfig } from '../config.js'
import { keyIdOf, keySet, parseRetiredKeys, type VerificationKey } from '../../config/key-ring.js'

/** The order of the fields is fixed, so the same license signs the same. */
export type OfflineLicenseFacts = {
  v: 1
  id: string
  /** E.g. `WB-7K3Q-M2XD-0PZ9-RT4B`. */
  licenseKey: string
  product: string
  productGroup: string
  /** A company id, or the account email of a personal license. */
  owner: string
  order: string
  key: number
  /** Epoch milliseconds. */
  expiration: number
}

export type OfflineKeySigner = {
  keyId: string
  /** SPKI PEM. */
  publicKeyPem: string
  sign(facts: OfflineLicenseFacts): string
}

export const OFFLINE_KEY_FILE = 'offline-key.pem'
export const OFFLINE_PUBLIC_KEY_PATH = '/offline-public-key.pem'
export const OFFLINE_PUBLIC_KEYS_PATH = '/offline-public-keys.json'

const signers = new Map<string, OfflineKeySigner>()

/** OFFLINE_KEY_PRIVATE_PEM, else the data folder's key, generated there (mode 0600) the first time. */
export function offlineKeySigner(config: {
  dataDir: ServiceConfig['dataDir']
  env: Readonly<Record<string, string | undefined>>
}): OfflineKeySigner {
  const fromEnv = config.env.OFFLINE_KEY_PRIVATE_PEM?.trim()
  const cacheKey = fromEnv ? `env:${fromEnv}` : `file:${config.dataDir}`
  const cached = signers.get(cacheKey)
  if (cached) return cached
  const privateKey = fromEnv
    ? parsePrivateKey(fromEnv.replace(/\\n/g, '\n'), 'OFFLINE_KEY_PRIVATE_PEM')
    : readOrCreateKey(config.dataDir)
  const publicKeyPem = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString()
  const keyId = keyIdOf(privateKey)
  const signer: OfflineKeySigner = {
    keyId,
    publicKeyPem,
    sign(facts) {
      const signed = Buffer.from(JSON.stringify(orderedFacts(facts)), 'utf8')
      const signature = crypto.sign(null, signed, privateKey)
      return `${keyId}.${signed.toString('base64url')}.${signature.toString('base64url')}`
    },
  }
  signers.set(cacheKey, signer)
  return signer
}

/** The current signing key first, then the retired ones. */
export function verificationKeys(config: {
  dataDir: ServiceConfig['dataDir']
  env: Readonly<Record<string, string | undefined>>
}): VerificationKey[] {
  const signer = offlineKeySigner(config)
  const retiredText = config.env.OFFLINE_KEY_RETIRED_PEMS?.trim()
  const retired = retiredText ? parseRetiredKeys(retiredText) : []
  return [
    { keyId: signer.keyId, publicKeyPem: signer.publicKeyPem },
    ...retired.filter((k) => k.keyId !== signer.keyId),
  ]
}

export type OfflineKeyCheck =
  | { valid: true; facts: OfflineLicenseFacts; keyId: string; expired: boolean }
  | { valid: false; reason: 'malformed' | 'unknown-key' | 'signature' }

const PART = /^[A-Za-z0-9_-]+$/

/** As an editor does: the key its id names (every key, without an id) must have signed the facts. */
export function checkOfflineKey(
  offlineKey: string,
  keys: ReadonlyArray<VerificationKey>,
  now: number,
): OfflineKeyCheck {
  const parts = offlineKey.trim().split('.')
  if ((parts.length !== 2 && parts.length !== 3) || !parts.every((p) => PART.test(p)))
    return { valid: false, reason: 'malformed' }
  const [keyId, factsPart, signaturePart] = parts.length === 3 ? parts : [undefined, parts[0], parts[1]]
  const candidates = keyId === undefined ? keys : keys.filter((k) => k.keyId === keyId)
  if (candidates.length === 0) return { valid: false, reason: 'unknown-key' }
  const signed = Buffer.from(factsPart, 'base64url')
  const signature = Buffer.from(signaturePart, 'base64url')
  for (const key of candidates) {
    let valid = false
    try {
      valid = crypto.verify(null, signed, crypto.createPublicKey(key.publicKeyPem), signature)
    } catch {
      valid = false
    }
    if (!valid) continue
    try {
      const facts = JSON.parse(signed.toString('utf8')) as OfflineLicenseFacts
      return { valid: true, facts, keyId: key.keyId, expired: facts.expiration <= now }
    } catch {
      return { valid: false, reason: 'malformed' }
    }
  }
  return { valid: false, reason: 'signature' }
}

export function verifyOfflineKey(
  offlineKey: string,
  keys: string | ReadonlyArray<VerificationKey>,
): OfflineLicenseFacts | null {
  const list = typeof keys === 'string' ? [{ keyId: keyIdOf(crypto.createPublicKey(keys)), publicKeyPem: keys }] : keys
  const check = checkOfflineKey(offlineKey, list, 0)
  return check.valid ? check.facts : null
}

/** The current key as PEM, every key with its id as a JSON Web Key Set; loads (or creates) the signing key at start. */
export function offlineKeyRouter(service: { config: ServiceConfig }): express.Router {
  const signer = offlineKeySigner(service.config)
  const keys = JSON.stringify(keySet(verificationKeys(service.config)))
  const router = express.Router()
  router.get(OFFLINE_PUBLIC_KEY_PATH, (_req, res) => {
    res.type('application/x-pem-file').set('Cache-Control', 'public, max-age=3600').send(signer.publicKeyPem)
  })
  router.get(OFFLINE_PUBLIC_KEYS_PATH, (_req, res) => {
    res.type('application/json').set('Cache-Control', 'public, max-age=3600').send(keys)
  })
  return router
}

function orderedFacts(f: OfflineLicenseFacts): OfflineLicenseFacts {
  return {
    v: f.v,
    id: f.id,
    licenseKey: f.licenseKey,
    product: f.product,
    productGroup: f.productGroup,
    owner: f.owner,
    order: f.order,
    key: f.key,
    expiration: f.expiration,
  }
}

function parsePrivateKey(pem: string, source: string): crypto.KeyObject {
  let key: crypto.KeyObject
  try {
    key = crypto.createPrivateKey(pem)
  } catch (err) {
    throw new Error(`${source} is not a readable private key (PKCS#8 PEM expected): ${(err as Error).message}`)
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${source} must be an Ed25519 key, got ${key.asymmetricKeyType ?? 'an unknown type'}`)
  }
  return key
}

function readOrCreateKey(dataDir: string): crypto.KeyObject {
  const file = path.join(dataDir, OFFLINE_KEY_FILE)
  if (fs.existsSync(file)) return parsePrivateKey(fs.readFileSync(file, 'utf8'), file)
  const { privateKey } = crypto.generateKeyPairSync('ed25519')
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  fs.mkdirSync(dataDir, { recursive: true })
  // `wx`: if another process created the file meanwhile, keep theirs (every process must sign with the same key).
  try {
    fs.writeFileSync(file, pem, { mode: 0o600, flag: 'wx' })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return parsePrivateKey(fs.readFileSync(file, 'utf8'), file)
    throw err
  }
  return privateKey
}
