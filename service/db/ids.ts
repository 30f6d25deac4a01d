/**
 * Identifiers of the store: opaque row ids (`lic_…`, `sub_…`), readable license keys (`WB-7K3Q-…`) and numeric-looking
 * order numbers (`100234`). The service uses the crypto-random ones; the demo data set uses the seeded ones, so that the
 * same ids and keys come out every time it is seeded.
 */
import crypto from 'node:crypto'
import type { LicenseTable } from './schema.js'

export type ProductGroupCode = LicenseTable['product_group']

/** Row ids: lower-case Crockford base32 (no i, l, o, u), so they read unambiguously and need no escaping in a URL. */
const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
const ID_LENGTH = 16 // 80 bits

/** License keys: upper-case Crockford base32, four groups of four after the product prefix (80 bits). */
const KEY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const KEY_GROUPS = 4
const KEY_GROUP_LENGTH = 4

/** The prefix of a license key names its product group, so a person reading a key knows what it unlocks. */
export const licenseKeyPrefixes: Record<ProductGroupCode, string> = {
  bundle: 'WQ',
  wallaby: 'WB',
  quokka: 'QK',
  other: 'CN',
}

/** The shape of every license key this module makes, e.g. `WB-7K3Q-M2XD-0PZ9-RT4B`. */
export const licenseKeyPattern = /^(WQ|WB|QK|CN)(-[0-9A-HJKMNP-TV-Z]{4}){4}$/

/** Order numbers are six to nine digits, never starting with 0. */
export const orderIdPattern = /^[1-9][0-9]{5,8}$/

/** A source of uniformly distributed integers in [0, bound). */
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

/** A new crypto-random row id, e.g. `newId('lic')` → `lic_7k3qm2xd0pz9rt4b`. */
export function newId(prefix: string): string {
  return formatId(prefix, cryptoInt)
}

/**
 * A new crypto-random license key for a product group, e.g. `WB-7K3Q-M2XD-0PZ9-RT4B`. With 80 random bits a repeat is
 * practically impossible; the store's unique constraint on `licenses.license_key` still guards it.
 */
export function newLicenseKey(group: ProductGroupCode): string {
  return formatLicenseKey(group, cryptoInt)
}

/**
 * A new crypto-random order number of nine digits (the provider's order numbers look like that). The primary key on
 * `orders.id` guards the rare repeat; a caller that inserts one retries with a fresh number on a conflict.
 */
export function newOrderId(): string {
  return String(100_000_000 + crypto.randomInt(900_000_000))
}

/**
 * sfc32 (a small, fast generator with 128 bits of state) seeded through cyrb128 from a string. Good enough to make
 * demo data that looks random and is the same every time; never used for anything secret.
 */
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
  /** A row id with the given prefix, like `newId`. */
  id(prefix: string): string
  /** A license key of the product group, like `newLicenseKey`; never repeats within this generator. */
  licenseKey(group: ProductGroupCode): string
  /** A six-digit order number (`100000`–`999999`); never repeats within this generator. */
  orderId(): string
  /** An integer in [min, max]. */
  int(min: number, max: number): number
}

/**
 * Deterministic ids for the demo data set: the same seed gives the same sequence of ids, keys and order numbers, on
 * every machine and every run. Different seeds give unrelated sequences.
 */
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
