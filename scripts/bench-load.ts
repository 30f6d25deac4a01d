// The bench's load runs (autocannon): many sessions reading one page against a multi-instance server.
import { spawn, type ChildProcess } from 'node:child_process'
import autocannon from 'autocannon'

export type LoadFigures = { rps: number; p50: number; p99: number; errors: number; requests: number }

/** One cookie per connection, in turn. */
export async function load(base: string, path: string, cookies: string[], connections: number, seconds: number) {
  let next = 0
  const result = await autocannon({
    url: `${base}${path}`,
    connections,
    duration: seconds,
    timeout: 10,
    setupClient: (client) => {
      client.setHeaders({ cookie: cookies[next++ % cookies.length] })
    },
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  } satisfies LoadFigures
}

/** Answers once it serves. */
export async function startServer(base: string, env: NodeJS.ProcessEnv, instances: number, nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, 'scripts/bench-cluster.mjs', String(instances)], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  await waitForServer(base, instances)
  return {
    child,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

async function waitForServer(base: string, instances: number) {
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(base)
      // The other instances start once the first listens: give them their moment.
      if (instances > 1) await new Promise((r) => setTimeout(r, 3000))
      return
    } catch {
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  throw new Error('the server did not start')
}

export type Server = { child: ChildProcess; stop(): Promise<void> }
