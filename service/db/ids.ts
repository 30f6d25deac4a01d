// Ids of the store: crypto-random for the service, seeded for the demo data so it comes out the same every time.
import crypto from 'node:crypto'
import type { LicenseTable } from './schema.js'

export type ProductGroupCode = LicenseTable['product_group']

/** Lower-case Crockford base32 (no i, l, o, u): unambiguous and safe in a URL. */
const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
const ID_LENGTH = 16 // 80 bits

/** 80 bits in four groups of four after the product prefix. */
const KEY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const KEY_GROUPS = 4
const KEY_GROUP_LENGTH = 4

/** A person reading a key knows what it unlocks. */
export const licenseKeyPrefixes: Record<ProductGroupCode, string> = {
  bundle: 'WQ',
  wallaby: 'WB',
  quokka: 'QK',
  other: 'CN',
}

export const licenseKeyPattern = /^(WQ|WB|QK|CN)(-[0-9A-HJKMNP-TV-Z]{4}){4}$/

export const orderIdPattern = /^[1-9][0-9]{5,8}$/

type IntSource = (bound: number) => number

function randomString(alphabet: string, length: number, int: IntSource): string {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[int(alphabet.length)]
  return out
}

function formatId(prefix: string, int: IntSource): string {
  if (!/^[a-z][a-z0-9]*$/.test(prefix))
    throw new Error(`An id prefix is lower-case letters and digits, got "${prefix}"`)
  return `${prefix}_${randomString(ID_ALPHABET, ID_LENGTH, int)}`
}

function formatLicenseKey(group: ProductGroupCode, int: IntSource): string {
  const parts = [licenseKeyPrefixes[group]]
  for (let i = 0; i < KEY_GROUPS; i++) parts.push(randomString(KEY_ALPHABET, KEY_GROUP_LENGTH, int))
  return parts.join('-')
}

const cryptoInt: IntSource = (bound) => crypto.randomInt(bound)

/** `newId('lic')` → `lic_7k3qm2xd0pz9rt4b`. */
export function newId(prefix: string): string {
  return formatId(prefix, cryptoInt)
}

/** A repeat is practically impossible; the unique constraint on `licenses.license_key` still guards it. */
export function newLicenseKey(group: ProductGroupCode): string {
  return formatLicenseKey(group, cryptoInt)
}

/** Nine digits like the provider's; a caller retries with a fresh number on a primary-key conflict. */
export function newOrderId(): string {
  return String(100_000_000 + crypto.randomInt(900_000_000))
}

/** sfc32 seeded through cyrb128: demo data that looks random and is the same every time; never for secrets. */
function seededSource(seed: string): () => number {
  let h1 = 1779033703
  let h2 = 3144134277
  let h3 = 1013904242
  let h4 = 2773480762
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i)
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067)
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233)
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213)
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179)
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067)
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233)
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213)
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179)
  let a = (h1 ^ h2 ^ h3 ^ h4) >>> 0
  let b = (h2 ^ h1) >>> 0
  let c = (h3 ^ h1) >>> 0
  let d = (h4 ^ h1) >>> 0
  const next = () => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    let t = (a + b) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    d = (d + 1) | 0
    t = (t + d) | 0
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
  // Discard the first outputs, which still carry the seeding's structure.
  for (let i = 0; i < 15; i++) next()
  return next
}

export type SeededIds = {
  id(prefix: string): string
  /** Never repeats within this generator. */
  licenseKey(group: ProductGroupCode): string
  /** `100000`–`999999`; never repeats within this generator. */
  orderId(): string
  int(min: number, max: number): number
}

export function createSeededIds(seed: string): SeededIds {
  const random = seededSource(seed)
  const int: IntSource = (bound) => Math.floor(random() * bound)
  const usedKeys = new Set<string>()
  const usedOrders = new Set<string>()
  const usedIds = new Set<string>()
  const unique = (used: Set<string>, make: () => string) => {
    for (;;) {
      const value = make()
      if (!used.has(value)) {
        used.add(value)
        return value
      }
    }
  }
  return {
    id: (prefix) => unique(usedIds, () => formatId(prefix, int)),
    licenseKey: (group) => unique(usedKeys, () => formatLicenseKey(group, int)),
    orderId: () => unique(usedOrders, () => String(100_000 + int(900_000))),
    int: (min, max) => min + int(max - min + 1),
  }
}
