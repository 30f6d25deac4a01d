// The keys offline keys are verified with; a key's id is the first 8 bytes of its public half's SHA-256, base64url.
import crypto from 'node:crypto'

export type VerificationKey = { keyId: string; publicKeyPem: string }

export function keyIdOf(key: crypto.KeyObject): string {
  const publicKey = key.type === 'private' ? crypto.createPublicKey(key) : key
  const der = publicKey.export({ type: 'spki', format: 'der' })
  return crypto.createHash('sha256').update(der).digest().subarray(0, 8).toString('base64url')
}

const PEM_BLOCK = /-----BEGIN ([A-Z ]+)-----[\s\S]+?-----END \1-----/g

/** One or more PEM blocks (a private key is read for its public half); throws naming what cannot be read. */
export function parseRetiredKeys(text: string): VerificationKey[] {
  const blocks = text.replace(/\\n/g, '\n').match(PEM_BLOCK) ?? []
  if (blocks.length === 0) throw new Error('holds no PEM key (-----BEGIN PUBLIC KEY----- …)')
  return blocks.map((pem, index) => {
    let key: crypto.KeyObject
    try {
      key = crypto.createPublicKey(pem)
    } catch {
      throw new Error(`key ${index + 1} is not a readable key`)
    }
    if (key.asymmetricKeyType !== 'ed25519')
      throw new Error(`key ${index + 1} must be an Ed25519 key (it is ${key.asymmetricKeyType})`)
    return { keyId: keyIdOf(key), publicKeyPem: key.export({ type: 'spki', format: 'pem' }).toString() }
  })
}

export function retiredKeysProblem(text: string): string | undefined {
  try {
    parseRetiredKeys(text)
    return undefined
  } catch (err) {
    return (err as Error).message
  }
}

/** A JSON Web Key Set, current key first. */
export function keySet(keys: ReadonlyArray<VerificationKey>) {
  return {
    keys: keys.map((k) => ({
      ...(crypto.createPublicKey(k.publicKeyPem).export({ format: 'jwk' }) as { kty: string; crv: string; x: string }),
      kid: k.keyId,
      use: 'sig',
      alg: 'EdDSA',
    })),
  }
}

export function parseKeySet(json: unknown): VerificationKey[] {
  const keys = (json as { keys?: unknown })?.keys
  if (!Array.isArray(keys)) throw new Error('not a key set (no "keys" list)')
  return keys.map((jwk: { kid?: unknown }) => {
    const key = crypto.createPublicKey({ key: jwk as crypto.JsonWebKey, format: 'jwk' })
    const keyId = keyIdOf(key)
    if (jwk.kid !== keyId) throw new Error(`the key listed as ${String(jwk.kid)} has the id ${keyId}`)
    return { keyId, publicKeyPem: key.export({ type: 'spki', format: 'pem' }).toString() }
  })
}
