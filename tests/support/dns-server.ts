/**
 * A real DNS server on loopback (dns2, UDP) for the domain verification tests: it answers TXT questions from a zone
 * the test changes as it goes. A name in the zone with no records answers NODATA; a name not in it NXDOMAIN; a name
 * set to 'refuse' answers SERVFAIL (a resolver in trouble).
 */
import dns2 from 'dns2'

const { Packet } = dns2

export type TestZone = Map<string, string[] | 'refuse'>

export type TestDnsServer = {
  /** `127.0.0.1:PORT`, for DNS_RESOLVER. */
  address: string
  zone: TestZone
  close(): Promise<void>
}

const SERVFAIL = 2
const NXDOMAIN = 3

/** Starts the server on `port` (0: any free port). */
export async function startDnsServer(port = 0): Promise<TestDnsServer> {
  const zone: TestZone = new Map()
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request)
      const [question] = request.questions
      const name = (question?.name ?? '').toLowerCase()
      const entry = zone.get(name)
      if (entry === undefined) response.header.rcode = NXDOMAIN
      else if (entry === 'refuse') response.header.rcode = SERVFAIL
      else if (question.type === Packet.TYPE.TXT) {
        for (const data of entry) {
          // dns2 serializes plain records (its types ask for a `toBuffer` it never calls on them).
          const record = { name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data }
          response.answers.push(record as (typeof response.answers)[number])
        }
      }
      send(response)
    },
  })
  const listening = await server.listen({ udp: { port, address: '127.0.0.1' } })
  const bound = (listening as { udp?: { port: number } }).udp?.port ?? server.addresses().udp?.port
  if (!bound) throw new Error('the test DNS server did not start')
  return { address: `127.0.0.1:${bound}`, zone, close: () => server.close() }
}
