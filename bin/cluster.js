/*
| WEB_CONCURRENCY: the HTTP server in several processes sharing one port, with node:cluster. The
| primary process only supervises: it forks the workers (each boots the whole application and
| listens; the primary hands connections out in turn), starts another when one dies, and on SIGTERM
| or SIGINT asks every worker to stop (SIGTERM: the application terminates gracefully) and exits
| once they all have.
|
| Plain JavaScript: `bin/start.js` uses it before any TypeScript loader exists, and the build
| carries a copy (adonisrc.ts `metaFiles`) for `bin/server.js`.
*/
import cluster from 'node:cluster'
import { availableParallelism } from 'node:os'

/**
 * How many server processes to run: WEB_CONCURRENCY when set (a whole number, 1 or more), else
 * `fallback`.
 */
export function webConcurrency(env = process.env, fallback = 1) {
  const raw = env.WEB_CONCURRENCY?.trim()
  if (!raw) return fallback
  const workers = Number(raw)
  if (!Number.isInteger(workers) || workers < 1) {
    throw new Error(`WEB_CONCURRENCY must be a whole number of processes (1 or more), not "${raw}"`)
  }
  return workers
}

/** The default of `npm start`: one process per core in production, one elsewhere. */
export function defaultConcurrency(env = process.env) {
  return env.NODE_ENV === 'production' ? availableParallelism() : 1
}

/**
 * Makes this process the primary of `workers` processes running `exec` (with `execArgv`, e.g.
 * `--no-node-snapshot`, and `args`). The first one gets `firstArgs` too (`--migrate`) and the others
 * start once it listens; if it stops before, so does the primary, with its exit code. Later, a
 * worker that dies is replaced (after `restartDelayMs`, doubling up to 30 s while replacements die
 * before they listen; after `maxFailedStarts` such deaths in a row the primary gives up and stops
 * with exit code 1). On SIGTERM/SIGINT every worker gets SIGTERM and `stopTimeoutMs` to finish
 * (then SIGKILL); the primary exits 0 when all of them stopped cleanly.
 */
export function runPrimary({
  exec,
  args = [],
  firstArgs = [],
  execArgv = process.execArgv,
  workers,
  stopTimeoutMs = 30_000,
  restartDelayMs = 1_000,
  maxFailedStarts = 5,
  log = (message) => console.error(`[bindery] ${message}`),
}) {
  const listening = new WeakSet()
  let started = 0
  let first
  let failedStarts = 0
  let stopping = false
  let exitCode = 0

  function fork(extraArgs = []) {
    if (stopping) return undefined
    cluster.setupPrimary({ exec, args: [...args, ...extraArgs], execArgv })
    const worker = cluster.fork()
    worker.once('listening', (address) => {
      listening.add(worker)
      failedStarts = 0
      if (worker === first) for (let i = 1; i < workers; i++) fork()
      if (++started === workers) {
        log(`${workers} server processes listening on ${address.address}:${address.port}`)
      }
    })
    return worker
  }

  function stop(code) {
    if (stopping) return
    stopping = true
    exitCode = Math.max(exitCode, code)
    const alive = Object.values(cluster.workers ?? {})
    if (alive.length === 0) process.exit(exitCode)
    for (const worker of alive) worker.process.kill('SIGTERM')
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) {
        log(`worker ${worker.process.pid} did not stop within ${stopTimeoutMs} ms: killed`)
        worker.process.kill('SIGKILL')
      }
    }, stopTimeoutMs).unref()
  }

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      // Stopped by the SIGTERM it was sent (143: one that was still starting) is a clean stop.
      if (code !== 0 && code !== 143 && signal !== 'SIGTERM') exitCode = 1
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode)
      return
    }
    const how = signal ? `signal ${signal}` : `exit code ${code}`
    if (worker === first && !listening.has(worker)) {
      log(`the first server process stopped before it listened (${how})`)
      stop(code || 1)
      return
    }
    if (!listening.has(worker)) failedStarts++
    if (failedStarts >= maxFailedStarts) {
      log(
        `worker ${worker.process.pid} stopped (${how}); ${failedStarts} in a row never listened: giving up`
      )
      stop(1)
      return
    }
    const delay = failedStarts ? Math.min(restartDelayMs * 2 ** (failedStarts - 1), 30_000) : 0
    log(
      `worker ${worker.process.pid} stopped (${how}); starting another${delay ? ` in ${delay} ms` : ''}`
    )
    setTimeout(fork, delay)
  })

  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))
  first = fork(firstArgs)
}
