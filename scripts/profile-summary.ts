// What a CPU profile (`node --cpu-prof`) says a page's time went on, by where the code comes from; the bench prints it.
import fs from 'node:fs'

type ProfileNode = { id: number; callFrame: { functionName: string; url: string } }
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** The first whose test matches a frame's source takes its time. */
const groups: [string, (url: string, name: string) => boolean][] = [
  ['React render (react-dom, Radix Themes)', (url) => /node_modules\/(react|react-dom|@radix-ui)\//.test(url)],
  [
    'store (better-sqlite3, pg)',
    (url) => /node_modules\/(better-sqlite3|pg|pg-protocol)\/|sqlite-driver\.js/.test(url),
  ],
  ['query building (Kysely)', (url) => url.includes('node_modules/kysely/')],
  ['Remix and its router', (url) => /node_modules\/(@remix-run|react-router|react-router-dom)\//.test(url)],
  ['compression (zlib)', (url) => url === 'node:zlib' || url.includes('node_modules/compression/')],
  ['logging (pino)', (url) => /node_modules\/(pino|pino-http|pino-std-serializers|sonic-boom)\//.test(url)],
  [
    'HTTP and Express',
    (url) =>
      /node_modules\/(express|helmet|express-rate-limit|router|body-parser)\//.test(url) ||
      /^node:(_http|http|net|internal\/streams|internal\/http|internal\/deps\/undici)/.test(url),
  ],
  ['the portal and service code (build/)', (url) => /\/build\/(index|server)\.js$/.test(url)],
  ['garbage collection', (_url, name) => name === '(garbage collector)'],
]

/** Largest share first. */
export function summarizeProfile(file: string): { busyMs: number; shares: [string, number][] } {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const time = new Map<string, number>()
  let busy = 0
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame
    const delta = profile.timeDeltas[i] ?? 0
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') return
    busy += delta
    const group = groups.find(([, test]) => test(frame.url, frame.functionName))?.[0] ?? 'other (Node and V8 natives)'
    time.set(group, (time.get(group) ?? 0) + delta)
  })
  const shares = [...time].map(([group, t]) => [group, t / busy] as [string, number]).sort((a, b) => b[1] - a[1])
  return { busyMs: busy / 1000, shares }
}

/** "React render 48%, store 12%, …" */
export function describeShares(shares: [string, number][]): string {
  return shares.map(([group, share]) => `${group} ${(share * 100).toFixed(0)}%`).join(', ')
}
