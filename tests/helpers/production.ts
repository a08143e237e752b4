import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'

/**
 * `npm start` as production runs it, for the production suite: `bin/start.js` builds the project
 * when its build is stale (`node ace build`, about a minute, at most once per run: the next start
 * finds it fresh), then serves the compiled `build/bin/server.js` with WEB_CONCURRENCY processes.
 * It gets a database of its own (SQLite `tmp/test-production.sqlite3`, or the MySQL database
 * `<DB_DATABASE>_production`, recreated), a free port and `LOG_LEVEL=info`: the access log's JSON
 * lines say which process (`pid`) answered each request.
 */

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url))

/** Why the build cannot run here (devDependencies left out), or null when it can. */
export function buildToolingMissing(): string | null {
  for (const name of ['typescript', '@adonisjs/assembler', 'vite']) {
    if (!existsSync(`${projectRoot}node_modules/${name}/package.json`)) {
      return `${name} is not installed (npm install --omit=dev?): the build cannot run`
    }
  }
  return null
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject).listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** A fresh, empty database for the production server, named after the suite's. */
async function freshDatabase(): Promise<Record<string, string>> {
  if (env.get('DB_CONNECTION', 'sqlite') === 'mysql') {
    const name = `${env.get('DB_DATABASE', 'test')}_production`
    if (!/^\w+$/.test(name)) throw new Error(`unexpected database name ${name}`)
    await db.rawQuery(`DROP DATABASE IF EXISTS \`${name}\``)
    await db.rawQuery(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`)
    return { DB_CONNECTION: 'mysql', DB_DATABASE: name }
  }
  const path = 'tmp/test-production.sqlite3'
  for (const suffix of ['', '-wal', '-shm'])
    rmSync(`${projectRoot}${path}${suffix}`, { force: true })
  return { DB_CONNECTION: 'sqlite', SQLITE_PATH: path }
}

export type LogLine = { pid: number; msg: string; path?: string; status?: number; [k: string]: any }

export class ProductionServer {
  readonly lines: LogLine[] = []
  readonly output: string[] = []
  exited?: Promise<{ code: number | null; signal: NodeJS.Signals | null }>

  constructor(
    readonly child: ChildProcess,
    readonly base: string,
    readonly childEnv: NodeJS.ProcessEnv
  ) {
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => resolve({ code, signal }))
    })
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        this.output.push(line)
        if (!line.startsWith('{')) return
        try {
          this.lines.push(JSON.parse(line))
        } catch {}
      })
    }
  }

  /** Pids of the processes that logged "started HTTP server". */
  listeningPids() {
    return new Set(
      this.lines.filter((l) => l.msg?.startsWith('started HTTP server')).map((l) => l.pid)
    )
  }

  /** Pids that logged an answer to `path`. */
  answeringPids(path: string) {
    return new Set(
      this.lines.filter((l) => l.msg === 'request' && l.path === path).map((l) => l.pid)
    )
  }

  /** Resolves once `processes` processes listen and /health answers 200. */
  async ready(processes: number, timeoutMs = 15 * 60_000) {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      const exited = await Promise.race([this.exited, new Promise((r) => setTimeout(r, 200))])
      if (exited) throw new Error(`npm start exited (${JSON.stringify(exited)}):\n${this.tail()}`)
      if (this.listeningPids().size >= processes) {
        try {
          const health = await fetch(`${this.base}/health`)
          if (health.ok) return
        } catch {}
      }
    }
    throw new Error(`npm start was not ready within ${timeoutMs} ms:\n${this.tail()}`)
  }

  /** `node ace <args>` with the server's environment (NODE_ENV=production: the build). */
  ace(...args: string[]) {
    const result = spawnSync(process.execPath, ['ace', ...args], {
      cwd: projectRoot,
      env: this.childEnv,
      encoding: 'utf8',
    })
    if (result.status !== 0) {
      throw new Error(`node ace ${args.join(' ')}: ${result.stdout}${result.stderr}`)
    }
    return result.stdout
  }

  /** SIGTERM, then what the process ended with (SIGKILL after `timeoutMs`). */
  async stop(timeoutMs = 40_000) {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGTERM')
    }
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs)
    const result = await this.exited!
    clearTimeout(timer)
    return result
  }

  tail(lines = 40) {
    return this.output.slice(-lines).join('\n')
  }
}

/** Starts `node --no-node-snapshot bin/start.js` (what `npm start` runs) with `workers` processes. */
export async function startProduction(workers: number) {
  const port = await freePort()
  const childEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: 'UTC',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_KEY: env.get('APP_KEY'),
    LOG_LEVEL: 'info',
    WEB_CONCURRENCY: String(workers),
    SESSION_DRIVER: 'database',
    LIMITER_STORE: 'database',
    API_RATE_LIMIT_PER_TOKEN: '0',
    API_RATE_LIMIT_PER_IP: '0',
    DRIVE_ROOT: 'tmp/test-production-storage',
    DB_HOST: env.get('DB_HOST', '127.0.0.1'),
    DB_PORT: String(env.get('DB_PORT', 3306)),
    DB_USER: env.get('DB_USER', 'root'),
    DB_PASSWORD: env.get('DB_PASSWORD', ''),
    ...(await freshDatabase()),
  }
  const child = spawn(process.execPath, ['--no-node-snapshot', 'bin/start.js'], {
    cwd: projectRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new ProductionServer(child, `http://127.0.0.1:${port}`, childEnv)
}

/** The command line of a process (Linux), or null where /proc is absent. */
export function commandLine(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()
  } catch {
    return null
  }
}

export function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
