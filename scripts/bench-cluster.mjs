// The built server as several instances on one port and store (Node's cluster), for the bench's load figures:
// `node scripts/bench-cluster.mjs N`, configured from the environment as for `npm start`.
import cluster from 'node:cluster'

if (cluster.isPrimary) {
  // Round-robin hands connections over one at a time: under load they reached busy instances late and timed out.
  cluster.schedulingPolicy = cluster.SCHED_NONE
  const instances = Math.max(1, Number(process.argv[2]) || 1)
  // The first instance migrates and seeds the store; the others start once it listens.
  const first = cluster.fork()
  first.once('listening', () => {
    for (let i = 1; i < instances; i++) cluster.fork()
  })
  // Each instance closes and exits; the primary exits after the last, so none writes to a primary that is gone.
  let stopping = false
  const stop = () => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
  }
  cluster.on('exit', () => {
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
  })
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
} else {
  await import('../build/server.js')
}
