/*
| The start and multi-process bench: `npm start` (the compiled build) with WEB_CONCURRENCY=1, then
| 2, each measured from its spawn: start-up (to the first 200 on /health), idle memory (RSS summed
| over its processes), then requests per second of the bare route and of the authenticated
| `GET /v1/spaces/{id}`, and the scaling from one process to two. Also the wall time of
| `node ace bindery:bootstrap` from the build (NODE_ENV=production) and from the TypeScript sources.
| Targets (issue 19): warm start ≤ 3 s, `node ace bindery:bootstrap` ≤ 3 s, idle RSS ≤ 150 MiB
| (one server process).
|
|   node bench/cluster.js                 SQLite (a fresh tmp/bench-cluster.sqlite3)
|   node bench/cluster.js --mysql         MySQL/MariaDB (database bindery_bench_cluster, recreated)
|   node bench/cluster.js --duration=10 --connections=50
|
| `npm run bench` runs it too, on the bench's database, with servers of its own on a free port
| (`--no-cluster` skips it). A stale build is built first (about a minute, not counted). The load
| generator shares the machine's cores with the servers: on two cores, two server processes and
| autocannon compete. It prints figures and exits 0; nothing is asserted.
*/
import { spawn, spawnSync } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import { SERVER_NODE_FLAGS } from '../bin/no_node_snapshot.js'
import { expectOk, request } from './content.js'
import {
  benchSetup,
  ensureBuild,
  cpuMs,
  freePort,
  freshDatabase,
  lastJsonLine,
  parseArgs,
  quantile,
  root,
  rssMiB,
} from './server.js'

const TARGET_START_S = 3
const TARGET_BOOTSTRAP_S = 3
const TARGET_RSS_MIB = 150

/** Pids of `pid`'s children (Linux). */
function childPids(pid) {
  const result = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
  return result.stdout.split('\n').filter(Boolean).map(Number)
}

/** CPU time (ms) used so far by `pids` together. */
const cpuOf = (pids) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0)

/**
 * `node ace bindery:bootstrap` in `env`, `runs` times: the median wall time (s) and CPU time (s,
 * user + system of its processes, through /usr/bin/time where it exists: a shared machine's load
 * stretches the wall time, not the CPU time).
 */
function bootstrapSeconds(env, runs) {
  const time = spawnSync('/usr/bin/time', ['-f', '%U %S', 'true']).status === 0
  const walls = []
  const cpus = []
  for (let i = 0; i < runs; i++) {
    const command = [
      process.execPath,
      'ace',
      'bindery:bootstrap',
      `--email=cluster-bench-${i}@example.com`,
      '--org=Cluster bench',
      '--json',
    ]
    const started = performance.now()
    const result = time
      ? spawnSync('/usr/bin/time', ['-f', 'cpu %U %S', ...command], {
          cwd: root,
          env,
          encoding: 'utf8',
        })
      : spawnSync(command[0], command.slice(1), { cwd: root, env, encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`bindery:bootstrap failed: ${result.stderr}`)
    lastJsonLine(result.stdout)
    walls.push((performance.now() - started) / 1000)
    const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(result.stderr)
    cpus.push(cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN)
  }
  return { wall: quantile(walls, 0.5), cpu: quantile(cpus, 0.5) }
}

function load(url, token, { duration, connections }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      },
      (error, result) => (error ? reject(error) : resolve(result))
    )
  })
}

/**
 * `npm start` with `workers` processes on a free port: start-up time, idle RSS of every process,
 * then the loads (a space is created on the first run: `state.spaceId`). Stops it (SIGTERM).
 */
async function measure(setup, workers, state, { duration, connections }) {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const started = performance.now()
  const server = spawn(
    process.execPath,
    ['--no-node-snapshot', ...SERVER_NODE_FLAGS, 'bin/start.js'],
    {
      cwd: root,
      env: {
        ...setup.env,
        PORT: String(port),
        WEB_CONCURRENCY: String(workers),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  )
  let output = ''
  server.stdout.on('data', (chunk) => (output += chunk))
  server.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => server.once('exit', resolve))
  try {
    let startSeconds = NaN
    let startCpuSeconds = NaN
    while (server.exitCode === null && performance.now() - started < 120_000) {
      try {
        const health = await fetch(`${base}/health`)
        if (health.ok) {
          startSeconds = (performance.now() - started) / 1000
          startCpuSeconds = cpuOf([server.pid, ...childPids(server.pid)]) / 1000
          break
        }
      } catch {}
      await sleep(25)
    }
    if (!Number.isFinite(startSeconds)) throw new Error(`npm start did not answer:\n${output}`)
    // Every process listening (the primary says so), then a quiet moment: idle memory.
    while (workers > 1 && !output.includes(`${workers} server processes listening`)) {
      if (server.exitCode !== null) throw new Error(`npm start exited:\n${output}`)
      await sleep(50)
    }
    await sleep(2000)
    const pids = [server.pid, ...childPids(server.pid)]
    const rss = pids.map((pid) => rssMiB(pid))

    state.spaceId ??= expectOk(
      await request(base, state.token, 'POST', `/v1/orgs/${state.organizationId}/spaces`, {
        title: 'Cluster bench',
      }),
      'creating a space'
    ).id
    // CPU per answer, summed over the processes (the primary's share of handing out connections
    // included): what a load costs however busy the machine is.
    const measured = async (url, token) => {
      const before = cpuOf(pids)
      const result = await load(url, token, { duration, connections })
      return { result, cpuMs: (cpuOf(pids) - before) / Math.max(1, result.requests.total) }
    }
    const bare = await measured(`${base}/health`, null)
    const space = await measured(`${base}/v1/spaces/${state.spaceId}`, state.token)
    return {
      workers,
      startSeconds,
      startCpuSeconds,
      rss,
      bare: bare.result.requests.average,
      bareCpuMs: bare.cpuMs,
      space: space.result.requests.average,
      spaceCpuMs: space.cpuMs,
      spaceP99: space.result.latency.p99,
      unexpected:
        bare.result.errors + bare.result.non2xx + space.result.errors + space.result.non2xx,
    }
  } finally {
    server.kill('SIGTERM')
    await exited
  }
}

const fixed = (value, digits = 1) =>
  Number.isFinite(value) ? value.toFixed(digits) : String(value)

/**
 * The bench against the database of `setup` (migrated, with an admin `token` of
 * `organizationId`): prints its tables and returns the figures.
 */
export async function runClusterBench({ token, organizationId, setup, args = {} }) {
  const duration = Number(args.duration ?? 5)
  const connections = Number(args.connections ?? 50)
  await ensureBuild()

  const state = { token, organizationId, spaceId: undefined }
  const runs = []
  for (const workers of [1, 2]) {
    runs.push(await measure(setup, workers, state, { duration, connections }))
  }
  const { NODE_ENV: _production, ...development } = setup.env
  const bootstrapBuild = bootstrapSeconds(setup.env, 3)
  const bootstrapSources = bootstrapSeconds({ ...development, NODE_ENV: 'development' }, 2)

  console.log(
    `\nnpm start (compiled build), WEB_CONCURRENCY 1 and 2 — ${setup.mysql ? 'MySQL' : 'SQLite'}, ` +
      `${availableParallelism()} cores, ${connections} connections, ${duration}s each\n`
  )
  console.table(
    runs.map((run) => ({
      'processes': run.workers,
      'start s (spawn → 200)': fixed(run.startSeconds),
      'start CPU s': fixed(run.startCpuSeconds),
      'idle RSS MiB (sum)': run.rss.reduce((a, b) => a + b, 0),
      'RSS per process': run.rss.join(' + '),
      'bare req/s': Math.round(run.bare),
      'bare CPU ms': fixed(run.bareCpuMs, 3),
      'GET /v1/spaces/{id} req/s': Math.round(run.space),
      'CPU ms': fixed(run.spaceCpuMs, 2),
      'p99 ms': run.spaceP99,
      'unexpected answers': run.unexpected,
    }))
  )
  const [one, two] = runs
  console.log(
    `scaling 1 → 2 processes: bare route ×${fixed(two.bare / one.bare, 2)}, ` +
      `GET /v1/spaces/{id} ×${fixed(two.space / one.space, 2)} (the load generator shares the cores; ` +
      `CPU ms are per answer, summed over the processes)`
  )
  console.log(
    `warm start (npm start, 1 process, spawn → first 200): ${fixed(one.startSeconds)} s, ` +
      `${fixed(one.startCpuSeconds)} s of CPU (target ≤ ${TARGET_START_S} s); ` +
      `2 processes: ${fixed(two.startSeconds)} s`
  )
  console.log(
    `idle RSS of the one server process: ${one.rss[0]} MiB (target ≤ ${TARGET_RSS_MIB} MiB); ` +
      `2 processes and their primary: ${two.rss.reduce((a, b) => a + b, 0)} MiB`
  )
  console.log(
    `node ace bindery:bootstrap (median): from the build (NODE_ENV=production) ` +
      `${fixed(bootstrapBuild.wall, 2)} s, ${fixed(bootstrapBuild.cpu, 2)} s of CPU ` +
      `(target ≤ ${TARGET_BOOTSTRAP_S} s); from the TypeScript sources ` +
      `${fixed(bootstrapSources.wall, 2)} s, ${fixed(bootstrapSources.cpu, 2)} s of CPU`
  )
  return { runs, bootstrapBuild, bootstrapSources }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const args = parseArgs()
    const setup = benchSetup(args, {
      sqlite: 'tmp/bench-cluster.sqlite3',
      database: 'bindery_bench_cluster',
      driveRoot: 'tmp/bench-cluster-storage',
    })
    await ensureBuild()
    const admin = freshDatabase(setup)
    await runClusterBench({
      token: admin.token,
      organizationId: admin.organization.id,
      setup,
      args,
    })
  } catch (error) {
    console.error(error)
    process.exit(1)
  }
}
