/*
| `npm start`: the one command that takes a fresh clone to a running server.
|
|  1. creates `.env` from `.env.example` with a fresh APP_KEY when it is missing;
|  2. builds the application into `build/` (`node ace build`: the console's assets with Vite, the
|     server with tsc) when there is no build or a source changed since the last one started
|     (bin/project.js); one build at a time (a lock in tmp/), a second start waits for it;
|  3. becomes `node build/bin/server.js --migrate` in production mode: the pending migrations run
|     (SQLite by default: the file is created first), then the server listens. WEB_CONCURRENCY
|     processes (default: one per core): with one, this process is the server; with more, it is
|     their primary (bin/cluster.js) and the first of them migrates before the others start.
|
| The build resolves its packages from the project's node_modules (Node looks in parent
| directories) and its `#…` imports through the package.json copied into it.
|
| Plain JavaScript so it needs no loader. npm starts it with `--no-node-snapshot` (isolated-vm) and
| the server's V8 flags; started without, it starts itself again with them (bin/no_node_snapshot.js).
*/
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import { ensureDotEnv } from './dotenv.js'
import { SERVER_NODE_FLAGS, relaunchWithFlags } from './no_node_snapshot.js'
import { BUILD_DIR, buildStatus } from './project.js'
import { defaultConcurrency, runPrimary, webConcurrency } from './cluster.js'

const root = fileURLToPath(new URL('../', import.meta.url))
const buildDir = join(root, BUILD_DIR)
const log = (message) => console.log(`[bindery] ${message}`)

function run(args, what) {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  })
  if (result.status !== 0) {
    console.error(`[bindery] ${what} failed (exit ${result.status ?? result.signal})`)
    process.exit(result.status || 1)
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

/**
 * Runs `build` holding tmp/build.lock (a directory: creating it is atomic), so two starts of one
 * checkout never write `build/` at once. A lock whose process is gone is taken over.
 */
async function withBuildLock(build) {
  const lock = join(root, 'tmp', 'build.lock')
  mkdirSync(join(root, 'tmp'), { recursive: true })
  let waiting = false
  for (;;) {
    try {
      mkdirSync(lock)
      writeFileSync(join(lock, 'pid'), String(process.pid))
      break
    } catch (error) {
      if (error.code !== 'EEXIST') throw error
    }
    let holder = 0
    try {
      holder = Number(readFileSync(join(lock, 'pid'), 'utf8'))
    } catch {}
    const abandoned = holder
      ? !alive(holder)
      : Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 30_000
    if (abandoned) {
      rmSync(lock, { recursive: true, force: true })
      continue
    }
    if (!waiting) log(`waiting for the build started by process ${holder || '?'}`)
    waiting = true
    await sleep(500)
  }
  try {
    return build()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

if (!relaunchWithFlags(SERVER_NODE_FLAGS)) {
  process.env.NODE_ENV ??= 'production'
  // Validated before anything long runs: a typo should not cost a build.
  let workers
  try {
    workers = webConcurrency(process.env, defaultConcurrency(process.env))
  } catch (error) {
    console.error(`[bindery] ${error.message}`)
    process.exit(1)
  }

  if (ensureDotEnv(new URL('../', import.meta.url))) {
    log('created .env from .env.example with a fresh APP_KEY')
  }

  const status = buildStatus(root)
  if (!status.fresh) {
    await withBuildLock(() => {
      const now = buildStatus(root)
      if (now.fresh) return // built by the start we waited for
      log(`building into ${BUILD_DIR}/ (${now.reason}); about a minute`)
      run(['--no-node-snapshot', 'ace', 'build'], 'the build (node ace build)')
    })
  }
  if (!existsSync(join(buildDir, 'bin/server.js'))) {
    console.error('[bindery] the build has no bin/server.js')
    process.exit(1)
  }

  // From here on this process is `node build/bin/server.js --migrate`: with one server process it
  // migrates and serves itself, with more it is their primary (the first one migrates).
  const server = join(buildDir, 'bin/server.js')
  process.env.WEB_CONCURRENCY = String(workers)
  process.argv = [process.argv[0], server, '--migrate']
  if (workers > 1) log(`starting ${workers} server processes (WEB_CONCURRENCY)`)
  await import(pathToFileURL(server).href)
}
