// Variables that look meant for the portal but are not read (SESION_SECRET would leave its default in silence): a
// small edit distance from one we read, or a prefix only ours use. Kubernetes' and Docker's service links are not ours.

/** Prefixes no other tool we know of sets; prefixes shared with common tools (NODE_, GITHUB_, SESSION_ …) are not. */
export const OWN_PREFIXES = [
  'SMTP_',
  'MAIL_',
  'PADDLE_',
  'PAYMENTS_',
  'SANDBOX_',
  'RATE_LIMIT_',
  'OFFLINE_KEY_',
  'LICENSING_',
  'WEBHOOKS_',
  'HONEYPOT_',
  'JOBS_',
  'CHECKOUT_',
  'AVATAR_',
  'SEED_',
]

/** Read by the project's own commands, not by the server: `npm run editor`'s address. */
const TOOL_VARIABLES = ['LICENSING_URL']

const SERVICE_LINK = /_(SERVICE_HOST|SERVICE_PORT(_\w+)?|PORT(_\d+_(TCP|UDP|SCTP)(_\w+)?)?|ENV_\w+|NAME)$/

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours cost 1. */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) d[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1)
      d[i]![j] = best
    }
  }
  return d[a.length]![b.length]!
}

export type UnknownVariable = { name: string; nearest: string }

/** The environment's names that look like ours but are not `known`, each with the known name nearest to it. */
export function unknownVariables(
  env: Readonly<Record<string, string | undefined>>,
  known: readonly string[],
): UnknownVariable[] {
  const ours = new Set([...known, ...TOOL_VARIABLES])
  const found: UnknownVariable[] = []
  for (const name of Object.keys(env).sort()) {
    if (ours.has(name) || !/^[A-Z][A-Z0-9_]*$/.test(name)) continue
    const ranked = known
      .map((candidate) => ({ candidate, distance: editDistance(name, candidate) }))
      .sort((x, y) => x.distance - y.distance)
    const nearest = ranked[0]
    if (!nearest) continue
    const close = nearest.distance <= (nearest.candidate.length <= 5 ? 1 : 2)
    const prefix = OWN_PREFIXES.find((p) => name.startsWith(p))
    if (close) found.push({ name, nearest: nearest.candidate })
    else if (prefix && !SERVICE_LINK.test(name)) {
      // The nearest of the names with the same prefix, which is what its writer most likely meant.
      found.push({ name, nearest: ranked.find((r) => r.candidate.startsWith(prefix))?.candidate ?? nearest.candidate })
    }
  }
  return found
}

export function unknownVariableText({ name, nearest }: UnknownVariable): string {
  return `${name} is not a variable License Portal reads; did you mean ${nearest}? Rename it, or remove it (every variable is in .env.example).`
}
