/**
 * The sandbox provider's webhook signing key pair, generated into the data folder on first start (like the
 * service's own secret), so that its webhooks go through the same signature verification as Paddle's.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export type KeyPair = { publicKey: string; privateKey: string }

export function readOrCreateSandboxKeys(dataDir: string): KeyPair {
  const privateFile = path.join(dataDir, 'sandbox-webhook-private.pem')
  const publicFile = path.join(dataDir, 'sandbox-webhook-public.pem')
  if (fs.existsSync(privateFile) && fs.existsSync(publicFile)) {
    return { privateKey: fs.readFileSync(privateFile, 'utf8'), publicKey: fs.readFileSync(publicFile, 'utf8') }
  }
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(privateFile, privateKey, { mode: 0o600 })
  fs.writeFileSync(publicFile, publicKey)
  return { publicKey, privateKey }
}
