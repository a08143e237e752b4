/*
| Shared by the bench scripts: arguments, a fresh bench database, `node ace` calls, a server child
| process, direct database access for row counts, and small statistics helpers.
*/
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { SERVER_NODE_FLAGS } from '../bin/no_node_snapshot.js'

export const root = fileURLToPath(new URL('../', import.meta.url))

/** `--key=value` and `--flag` arguments as an object of strings. */
export function parseArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.map((arg) => {
      const [key, ...value] = arg.replace(/^--/, '').split('=')
      return [key, value.length ? value.join('=') : 'true']
    })
  )
}

/**
 * Where a bench run lives. Defaults are bench-only names (never the developer's database):
 * `--sqlite=tmp/x.sqlite3`, `--database=name` (MySQL), `--drive-root=tmp/dir`, `--port=N` override them.
 * The content bench serves a generated website on 127.0.0.1:`--site-port` (see `freePort`)
 * and imports it: the server may fetch that host and port only, up to 5,000 pages (in 600 s through
 * the synchronous endpoint, 1,800 s in a background run).
 */
export function benchSetup(args, defaults = {}) {
  // Another checkout of Bindery to run (`--compare` builds the previous commit in one).
  const appRoot = defaults.root ?? root
  const mysql = args.mysql === 'true'
  const port = Number(args.port ?? defaults.port ?? 3399)
  const sqlitePath = args.sqlite ?? defaults.sqlite ?? 'tmp/bench.sqlite3'
  const database = args.database ?? defaults.database ?? 'bindery_bench'
  const driveRoot = args['drive-root'] ?? defaults.driveRoot ?? 'tmp/bench-storage'
  const sitePort = Number(args['site-port'] ?? port + 1)
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // autocannon's bursts from one address and one token measure throughput, not the rate limits.
    // (Set them in the environment to measure the limits' cost.)
    API_RATE_LIMIT_PER_TOKEN: process.env.API_RATE_LIMIT_PER_TOKEN ?? '0',
    API_RATE_LIMIT_PER_IP: process.env.API_RATE_LIMIT_PER_IP ?? '0',
    DB_CONNECTION: mysql ? 'mysql' : 'sqlite',
    SQLITE_PATH: sqlitePath,
    DB_DATABASE: database,
    DRIVE_ROOT: driveRoot,
    IMPORT_ALLOWED_HOSTS: `127.0.0.1:${sitePort}`,
    IMPORT_MAX_PAGES: '5000',
    IMPORT_TIME_BUDGET: '1800',
    // The content bench imports its 5,000-page site through the synchronous endpoint.
    IMPORT_SYNC_MAX_PAGES: '5000',
    IMPORT_SYNC_TIME_BUDGET: '600',
    // The Lucid `Space.find` route the request bench compares with (app/spaces/routes.ts).
    BENCH_ROUTES: 'true',
  }
  return {
    root: appRoot,
    mysql,
    port,
    sitePort,
    base: `http://127.0.0.1:${port}`,
    env,
    sqlitePath,
    database,
    driveRoot,
    // `--build`: the server runs from `build/` (what `npm start` serves; `node ace build` first)
    // instead of the TypeScript sources under ts-node.
    build: args.build === 'true',
  }
}

/** A TCP port free on 127.0.0.1 right now (for `--site-port` when none is given). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

export function ace(setup, ...command) {
  const result = spawnSync(process.execPath, ['ace', ...command], {
    cwd: setup.root ?? root,
    env: setup.env,
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(`node ace ${command.join(' ')} failed:\n${result.stdout}${result.stderr}`)
  return result.stdout
}

export function lastJsonLine(output) {
  const line = output
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'))
  return JSON.parse(line)
}

/** Drops and recreates the bench database, migrates it and bootstraps an admin with a token. */
export function freshDatabase(setup, email = 'bench@example.com') {
  if (setup.mysql) {
    if (!/^\w+$/.test(setup.database)) throw new Error(`unexpected database name ${setup.database}`)
    const result = spawnSync(
      'mysql',
      [
        '-h',
        process.env.DB_HOST ?? '127.0.0.1',
        '-P',
        String(process.env.DB_PORT ?? 3306),
        '-u',
        process.env.DB_USER ?? 'root',
        '-e',
        `DROP DATABASE IF EXISTS ${setup.database}; CREATE DATABASE ${setup.database} CHARACTER SET utf8mb4`,
      ],
      {
        stdio: 'inherit',
        env: {
          ...process.env,
          ...(process.env.DB_PASSWORD ? { MYSQL_PWD: process.env.DB_PASSWORD } : {}),
        },
      }
    )
    if (result.status !== 0) throw new Error('could not recreate the MySQL bench database')
  } else {
    for (const suffix of ['', '-wal', '-shm'])
      rmSync(`${setup.root ?? root}${setup.sqlitePath}${suffix}`, { force: true })
  }
  rmSync(`${setup.root ?? root}${setup.driveRoot}`, { recursive: true, force: true })
  ace(setup, 'migration:run', '--force')
  return lastJsonLine(ace(setup, 'bindery:bootstrap', `--email=${email}`, '--org=Bench', '--json'))
}

/**
 * Starts `bin/server.ts` and resolves once /health answers. With `--no-node-snapshot` and the
 * server's V8 flags given here the server does not start itself again (bin/no_node_snapshot.js):
 * the child's pid is the serving process, whose CPU time and memory the benches read.
 */
export async function startServer(setup) {
  if (setup.build) await ensureBuild(setup.root ?? root)
  const server = spawn(
    process.execPath,
    [
      '--no-node-snapshot',
      ...SERVER_NODE_FLAGS,
      // Extra Node flags for the server (and its worker threads, which inherit execArgv), e.g.
      // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=tmp/prof" to profile a bench run.
      ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
      ...(setup.build
        ? ['build/bin/server.js']
        : ['--import=ts-node-maintained/register/esm', 'bin/server.ts']),
    ],
    {
      cwd: setup.root ?? root,
      env: setup.env,
      stdio: ['ignore', 'inherit', 'inherit'],
    }
  )
  for (let i = 0; i < 150; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`)
    try {
      if ((await fetch(`${setup.base}/health`)).ok) return server
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  server.kill('SIGTERM')
  throw new Error('the server did not start')
}

/**
 * Builds `dir` (`node ace build`, a checkout of Bindery: this one by default) when its build is
 * stale by its own bin/project.js, so that no measurement includes the build.
 */
export async function ensureBuild(dir = root) {
  const { buildStatus } = await import(pathToFileURL(join(dir, 'bin/project.js')).href)
  const status = buildStatus(dir)
  if (status.fresh) return
  console.log(`building ${dir} (${status.reason}); not counted`)
  const result = spawnSync(process.execPath, ['--no-node-snapshot', 'ace', 'build'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (result.status !== 0) throw new Error('node ace build failed')
}

export function rssMiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024)
  } catch {
    return NaN
  }
}

/**
 * CPU time the process has used so far (user + system), in milliseconds; NaN where /proc is absent.
 * Clock ticks are 100 per second on Linux.
 */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return NaN
  }
}

/**
 * A direct view of the bench database (not through the server), for row counts:
 * `count(sql, params)` answers the first column of the first row as a number, `tableCounts()` the
 * row count of every table (`{table: rows}`). Read-only unless `writable`, which adds
 * `insert(table, rows)` (one statement, or one transaction on SQLite) for benches that seed rows.
 */
export async function openDatabase(setup, { writable = false } = {}) {
  if (setup.mysql) {
    const { default: mysql } = await import('mysql2/promise')
    const connection = await mysql.createConnection({
      host: process.env.DB_HOST ?? '127.0.0.1',
      port: Number(process.env.DB_PORT ?? 3306),
      user: process.env.DB_USER ?? 'root',
      password: process.env.DB_PASSWORD ?? '',
      database: setup.database,
    })
    return {
      async insert(table, rows) {
        if (!writable) throw new Error('openDatabase: opened read-only')
        const columns = Object.keys(rows[0])
        await connection.query(
          `INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`,
          [rows.map((row) => columns.map((column) => row[column]))]
        )
      },
      async count(sql, params = []) {
        const [rows] = await connection.query(sql, params)
        return Number(Object.values(rows[0])[0])
      },
      async tableCounts() {
        const [tables] = await connection.query(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
          [setup.database]
        )
        const counts = {}
        for (const { name } of tables) {
          const [rows] = await connection.query(`SELECT COUNT(*) AS n FROM \`${name}\``)
          counts[name] = Number(rows[0].n)
        }
        return counts
      },
      close: () => connection.end(),
    }
  }
  const { default: Database } = await import('better-sqlite3')
  const sqlite = new Database(`${root}${setup.sqlitePath}`, {
    readonly: !writable,
    fileMustExist: true,
  })
  if (writable) sqlite.pragma('busy_timeout = 10000')
  return {
    async insert(table, rows) {
      const columns = Object.keys(rows[0])
      const statement = sqlite.prepare(
        `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`
      )
      sqlite.transaction((all) =>
        all.forEach((row) => statement.run(...columns.map((column) => row[column])))
      )(rows)
    },
    async count(sql, params = []) {
      return Number(Object.values(sqlite.prepare(sql).get(...params))[0])
    },
    async tableCounts() {
      const tables = sqlite
        // fts5vocab tables are views of an index's terms, no rows of their own.
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE '%fts5vocab%'"
        )
        .all()
      const counts = {}
      for (const { name } of tables) {
        try {
          counts[name] = Number(sqlite.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get().n)
        } catch {} // FTS5 shadow tables of a missing module, if any
      }
      return counts
    },
    async close() {
      sqlite.close()
    },
  }
}

/** The q-quantile (0..1) of numbers, nearest rank. */
export function quantile(values, q) {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

export const ms = (value) => (Number.isFinite(value) ? Math.round(value * 10) / 10 : value)

/**
 * Runs one bench file on its own (`node bench/<name>.js`): a fresh database, a production server,
 * the bench, then the server stopped. `bench(context, args)` gets what `npm run bench` hands it.
 */
export async function runStandalone(moduleUrl, defaults, bench) {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return
  try {
    const args = parseArgs()
    args['site-port'] ??= String(await freePort())
    const setup = benchSetup(args, defaults)
    const admin = freshDatabase(setup)
    const server = await startServer(setup)
    try {
      const context = {
        base: setup.base,
        token: admin.token,
        organizationId: admin.organization.id,
        setup,
        serverPid: server.pid,
      }
      await bench(context, args)
    } finally {
      server.kill('SIGTERM')
    }
  } catch (error) {
    console.error(error)
    process.exit(1)
  }
}
