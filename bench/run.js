/*
| `npm run bench`: throughput and latency of Bindery's hot API reads, each beside a bare route measured
| in the same run, so the figures are comparable across machines as ratios.
|
|   npm run bench                      SQLite (a fresh tmp/bench.sqlite3)
|   npm run bench -- --mysql           MySQL/MariaDB (database bindery_bench, recreated)
|   npm run bench -- --duration=10 --connections=50
|   npm run bench -- --port=3399 --sqlite=tmp/x.sqlite3 --database=name --drive-root=tmp/dir
|   npm run bench -- --no-content      without the content bench (bench/content.js, ~1-3 minutes)
|   npm run bench -- --no-merge        without the merge bench (bench/merge.js, ~1 minute)
|   npm run bench -- --no-comments     without the comments bench (bench/comments.js, ~10 seconds)
|   npm run bench -- --no-published    without the published-site bench (bench/published.js, ~1 minute)
|   npm run bench -- --no-search       without the search bench (bench/search.js, ~3 minutes)
|   npm run bench -- --no-import       without the import-run bench (bench/import.js, a 2,000-page manual)
|   npm run bench -- --no-cluster      without the start and multi-process bench (bench/cluster.js, ~1 minute)
|   npm run bench -- --compare         the request-path table once more, beside the previous commit's
|                                      (checked out in tmp/bench-compare); --compare=<git ref> for another
|
| It prints figures and exits 0; targets are read by people, not asserted (machines are shared).
*/
import { spawnSync } from 'node:child_process'
import { existsSync, rmSync, symlinkSync } from 'node:fs'
import {
  benchSetup,
  freePort,
  freshDatabase,
  parseArgs,
  root,
  rssMiB,
  startServer,
} from './server.js'
import { printRequestTable, runRequestBench, seedRequestBench } from './requests.js'
import { runContentBench } from './content.js'
import { runMergeBench } from './merge.js'
import { runCommentsBench } from './comments.js'
import { runPublishedBench } from './published.js'
import { runSearchBench } from './search.js'
import { runClusterBench } from './cluster.js'
import { runImportRunBench } from './import.js'

const args = parseArgs()
args['site-port'] ??= String(await freePort())
const setup = benchSetup(args)
const { mysql, base } = setup
const duration = Number(args.duration ?? 5)
const connections = Number(args.connections ?? 50)
const content = args['no-content'] !== 'true'
const merges = args['no-merge'] !== 'true'
const comments = args['no-comments'] !== 'true'
const published = args['no-published'] !== 'true'
const search = args['no-search'] !== 'true'
const cluster = args['no-cluster'] !== 'true'
// `--compare` (the previous commit) or `--compare=<git ref>`.
const compareRef =
  args.compare === undefined ? null : args.compare === 'true' ? 'HEAD~1' : args.compare
const importRuns = args['no-import'] !== 'true'

function git(...command) {
  const result = spawnSync('git', command, { cwd: root, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`git ${command.join(' ')}: ${result.stderr}`)
  return result.stdout.trim()
}

/**
 * The request-path figures of another commit: checked out beside this one (tmp/bench-compare,
 * sharing node_modules), on its own database and port, loaded the same way.
 */
async function requestRowsOf(ref) {
  const commit = git('rev-parse', '--short', ref)
  const dir = `${root}tmp/bench-compare/`
  git('worktree', 'prune')
  if (existsSync(dir)) git('worktree', 'remove', '--force', dir)
  git('worktree', 'add', '--detach', dir, commit)
  try {
    symlinkSync(`${root}node_modules`, `${dir}node_modules`)
    const other = benchSetup(
      {
        ...args,
        'port': String(setup.port + 2),
        'sqlite': 'tmp/bench.sqlite3',
        'database': `${setup.database}_compare`,
        'drive-root': 'tmp/bench-storage',
      },
      { root: dir }
    )
    const admin = freshDatabase(other)
    const server = await startServer(other)
    try {
      const { space } = await seedRequestBench(other.base, admin)
      const rows = await runRequestBench({
        base: other.base,
        admin,
        space,
        serverPid: server.pid,
        duration,
        connections,
      })
      return { commit, rows }
    } finally {
      server.kill('SIGTERM')
    }
  } finally {
    git('worktree', 'remove', '--force', dir)
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main() {
  const admin = freshDatabase(setup)
  const server = await startServer(setup)
  try {
    const { space } = await seedRequestBench(base, admin)
    const idleRss = rssMiB(server.pid)
    console.log(
      `\nBindery bench — ${mysql ? 'MySQL' : 'SQLite'}, ${connections} connections, ${duration}s each, Node ${process.version}\n`
    )
    const rows = await runRequestBench({
      base,
      admin,
      space,
      serverPid: server.pid,
      duration,
      connections,
    })
    printRequestTable(rows)
    console.log(
      `server memory: ${idleRss} MiB RSS after start-up, ${rssMiB(server.pid)} MiB after the runs`
    )
    if (content) {
      await runContentBench({
        base,
        token: admin.token,
        organizationId: admin.organization.id,
        setup,
        serverPid: server.pid,
        duration,
        connections,
      })
    }
    if (merges) {
      await runMergeBench({
        base,
        token: admin.token,
        organizationId: admin.organization.id,
        setup,
        serverPid: server.pid,
      })
    }
    if (comments) {
      await runCommentsBench({
        base,
        token: admin.token,
        organizationId: admin.organization.id,
        setup,
        serverPid: server.pid,
      })
    }
    if (published) {
      await runPublishedBench({
        base,
        token: admin.token,
        organizationId: admin.organization.id,
        serverPid: server.pid,
        args: { duration, connections },
      })
    }
    if (search) {
      await runSearchBench({
        base,
        token: admin.token,
        setup,
        serverPid: server.pid,
        duration,
        connections,
      })
    }
    if (cluster) {
      await runClusterBench({
        token: admin.token,
        organizationId: admin.organization.id,
        setup,
        args: { duration, connections },
      })
    }
    if (importRuns) {
      const run = await runImportRunBench(
        {
          base,
          token: admin.token,
          organizationId: admin.organization.id,
          setup,
          serverPid: server.pid,
        },
        { ...args, cores: args.cores ?? 'all' }
      )
      if (run.server.pid !== server.pid) run.server.kill?.('SIGTERM')
    }
  } finally {
    server.kill('SIGTERM')
  }
  if (compareRef) {
    const rows = await runRequestBenchAgain()
    const previous = await requestRowsOf(compareRef)
    console.log(
      `\nRequest path, this tree beside ${compareRef} (${previous.commit}), loaded one after the other:`
    )
    printRequestTable(rows, previous.rows)
  }
}

/** This tree's request-path figures once more, for the side-by-side table of `--compare`. */
async function runRequestBenchAgain() {
  const admin = freshDatabase(setup)
  const server = await startServer(setup)
  try {
    const { space } = await seedRequestBench(base, admin)
    return await runRequestBench({
      base,
      admin,
      space,
      serverPid: server.pid,
      duration,
      connections,
    })
  } finally {
    server.kill('SIGTERM')
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
