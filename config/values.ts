// One variable's text read into its value, or a problem in words naming the variable.
import crypto from 'node:crypto'
import { Resolver } from 'node:dns'

/** TRUST_PROXY: unset or 0 trusts no proxy; N the N nearest hops; a list names proxy addresses or subnets. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] | string {
  if (value === undefined || value === '0' || value === 'false') return false
  if (/^\d+$/.test(value)) return Number(value)
  if (value === 'true')
    return 'TRUST_PROXY=true would trust any X-Forwarded-For a client sends; give the number of proxies in front of the portal (e.g. 1) or their addresses.'
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const bad = list.filter((s) => !/^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(s))
  if (bad.length > 0)
    return `TRUST_PROXY must be a number of proxies or a list of addresses/subnets; not understood: ${bad.join(', ')}.`
  return list
}

/** DNS_RESOLVER: `host[:port]` (IPv6 in brackets), comma-separated; unset, the system's resolver. */
export function parseDnsServers(value: string | undefined): string[] | string {
  if (value === undefined) return []
  const servers = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  try {
    new Resolver().setServers(servers)
  } catch {
    return `DNS_RESOLVER must be addresses of DNS servers such as 127.0.0.1:5353 or [::1]:53 (it is ${value}).`
  }
  return servers
}

export function privateKeyProblem(pem: string): string | undefined {
  try {
    const key = crypto.createPrivateKey(pem)
    return key.asymmetricKeyType === 'ed25519' ? undefined : `must be an Ed25519 key (it is ${key.asymmetricKeyType})`
  } catch {
    return 'is not a readable private key (PKCS#8 PEM expected)'
  }
}
