// Where a webhook may go: https:// whose every resolved address is public (never loopback, link-local — the metadata
// service —, private or reserved), checked at registration and on each delivery's own connection. `allowLoopback`
// (WEBHOOKS_ALLOW_LOOPBACK=1, refused in production) admits this machine for tests; private ranges stay refused.
import dns from 'node:dns'
import net from 'node:net'

/** `development`: outside production, where a refusal of this machine says how to admit it. */
export type WebhookAddressPolicy = { allowLoopback: boolean; development?: boolean }

export const LOCAL_HINT =
  'to try webhooks with a receiver on this machine, start the development server with WEBHOOKS_ALLOW_LOOPBACK=1'

export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>

export const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true })

const forbidden = new net.BlockList()
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  forbidden.addSubnet(prefix, bits, 'ipv4')
for (const [prefix, bits] of [
  ['::', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  forbidden.addSubnet(prefix, bits, 'ipv6')
const loopback = new net.BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/** The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:10.0.0.1`), else the address as it is. */
function unmapped(address: string): { address: string; type: 'ipv4' | 'ipv6' } {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (dotted) return { address: dotted[1], type: 'ipv4' }
  // As URL writes it: ::ffff:a00:1 is 10.0.0.1.
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address)
  if (hex) {
    const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)]
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), type: 'ipv4' }
  }
  return { address, type: net.isIPv6(address) ? 'ipv6' : 'ipv4' }
}

export function isLoopbackAddress(address: string): boolean {
  const a = unmapped(address)
  return loopback.check(a.address, a.type)
}

export function addressRefusal(address: string, policy: WebhookAddressPolicy): string | null {
  const a = unmapped(address)
  if (loopback.check(a.address, a.type)) {
    if (policy.allowLoopback) return null
    return `it points at this machine (${a.address}); use a public address${policy.development ? `, or ${LOCAL_HINT}` : ''}`
  }
  if (forbidden.check(a.address, a.type)) {
    return `it points at a private or reserved network address (${a.address}); use a public address`
  }
  return null
}

const stripBrackets = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1')

/** Why the URL cannot be an endpoint (its form only: no lookup), or null. */
export function urlRefusal(value: string, policy: WebhookAddressPolicy): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'it is not an address'
  }
  if (url.username || url.password) return 'it must not carry a user name or password'
  const host = stripBrackets(url.hostname)
  const literal = net.isIP(host) !== 0
  const local = host === 'localhost' || (literal && isLoopbackAddress(host))
  if (local && !policy.allowLoopback && policy.development) {
    return literal ? addressRefusal(host, policy) : `it points at this machine (${host}); ${LOCAL_HINT}`
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local && policy.allowLoopback)) {
    return 'it must start with https://'
  }
  if (literal) return addressRefusal(host, policy)
  if (host === 'localhost' && !policy.allowLoopback)
    return 'it points at this machine (localhost); use a public address'
  if (!host.includes('.') && !(host === 'localhost' && policy.allowLoopback))
    return 'its host name must be a full domain name'
  return null
}

/** The URL's addresses, each allowed; throws an Error saying why not (a name that does not resolve included). */
export async function allowedAddresses(
  value: string,
  policy: WebhookAddressPolicy,
  resolve: Resolve,
): Promise<Array<{ address: string; family: number }>> {
  const refusal = urlRefusal(value, policy)
  if (refusal) throw new Error(refusal)
  const host = stripBrackets(new URL(value).hostname)
  const family = net.isIP(host)
  let addresses: Array<{ address: string; family: number }>
  if (family !== 0) addresses = [{ address: host, family }]
  else {
    try {
      addresses = await resolve(host)
    } catch {
      throw new Error(`its host name ${host} could not be found`)
    }
  }
  if (addresses.length === 0) throw new Error(`its host name ${host} could not be found`)
  for (const { address } of addresses) {
    const why = addressRefusal(address, policy)
    if (why) throw new Error(why)
  }
  return addresses
}
