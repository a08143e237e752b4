import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  BUILD_SOURCES,
  buildStatus,
  projectRootOf,
  readStamp,
  writeStamp,
} from '../../../bin/project.js'
import { defaultConcurrency, webConcurrency } from '../../../bin/cluster.js'
import { SERVER_NODE_FLAGS } from '../../../bin/no_node_snapshot.js'

/** A project on disk with one source file per build source, all `at` (ms) old. */
function fakeProject(at: number) {
  const root = mkdtempSync(join(tmpdir(), 'bindery-project-'))
  for (const source of BUILD_SOURCES) {
    const file = source.includes('.') ? join(root, source) : join(root, source, 'file.ts')
    mkdirSync(join(file, '..'), { recursive: true })
    writeFileSync(file, '')
    utimesSync(file, at / 1000, at / 1000)
    if (!source.includes('.')) utimesSync(join(root, source), at / 1000, at / 1000)
  }
  return root
}

/** A build of `root` with its server entrypoint, stamped as started at `startedAt`. */
function fakeBuild(root: string, startedAt: number) {
  mkdirSync(join(root, 'build/bin'), { recursive: true })
  writeFileSync(join(root, 'build/bin/server.js'), '')
  writeStamp(root, startedAt)
}

test.group('npm start: is the build fresh (bin/project.js)', (group) => {
  const roots: string[] = []
  group.each.teardown(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
  })
  const hour = 3_600_000

  test('no build, or a build without its stamp, is not fresh', ({ assert }) => {
    const root = fakeProject(Date.now() - hour)
    roots.push(root)
    assert.isFalse(buildStatus(root).fresh)
    mkdirSync(join(root, 'build/bin'), { recursive: true })
    writeFileSync(join(root, 'build/bin/server.js'), '')
    assert.deepEqual(buildStatus(root), { fresh: false, reason: 'there is no complete build' })
  })

  test('a build started after the last source change is fresh', ({ assert }) => {
    const root = fakeProject(Date.now() - hour)
    roots.push(root)
    fakeBuild(root, Date.now() - hour / 2)
    assert.isTrue(buildStatus(root).fresh)
  })

  test('a source changed after the build started makes it stale, in any source', ({ assert }) => {
    for (const source of ['app/file.ts', 'adonisrc.ts', 'inertia/file.ts', 'package-lock.json']) {
      const root = fakeProject(Date.now() - hour)
      roots.push(root)
      fakeBuild(root, Date.now() - hour / 2)
      writeFileSync(join(root, source), 'changed')
      assert.deepEqual(
        buildStatus(root),
        { fresh: false, reason: 'sources changed since the last build' },
        source
      )
    }
  })

  test('a build without bin/server.js is not fresh', ({ assert }) => {
    const root = fakeProject(Date.now() - hour)
    roots.push(root)
    fakeBuild(root, Date.now())
    rmSync(join(root, 'build/bin/server.js'))
    assert.isFalse(buildStatus(root).fresh)
  })

  test('a build finds its project through its stamp; sources are their own project', ({
    assert,
  }) => {
    const root = fakeProject(Date.now() - hour)
    roots.push(root)
    assert.equal(projectRootOf(root), root)
    assert.isNull(readStamp(join(root, 'build')))
    fakeBuild(root, Date.now())
    assert.equal(readStamp(join(root, 'build'))!.project, '..')
    assert.equal(projectRootOf(join(root, 'build')), root)
    assert.equal(projectRootOf(new URL(`file://${root}/build/`)), root)
  })
})

test.group('npm start: how many server processes (bin/cluster.js)', () => {
  test('WEB_CONCURRENCY when set, else the fallback', ({ assert }) => {
    assert.equal(webConcurrency({}, 3), 3)
    assert.equal(webConcurrency({ WEB_CONCURRENCY: '' }, 3), 3)
    assert.equal(webConcurrency({ WEB_CONCURRENCY: '2' }, 3), 2)
    assert.equal(webConcurrency({ WEB_CONCURRENCY: ' 4 ' }), 4)
    assert.equal(webConcurrency({}), 1)
  })

  test('anything but a whole number of 1 or more is refused', ({ assert }) => {
    for (const value of ['0', '-1', '1.5', 'two', '2x']) {
      assert.throws(
        () => webConcurrency({ WEB_CONCURRENCY: value }),
        `WEB_CONCURRENCY must be a whole number of processes (1 or more), not "${value}"`
      )
    }
  })

  test("npm start's default: one per core in production, one elsewhere", ({ assert }) => {
    assert.equal(defaultConcurrency({ NODE_ENV: 'production' }), availableParallelism())
    assert.equal(defaultConcurrency({ NODE_ENV: 'development' }), 1)
    assert.equal(defaultConcurrency({}), 1)
  })
})

test.group("The server's Node flags (bin/no_node_snapshot.js)", (group) => {
  const entry = join(tmpdir(), `bindery-flags-${process.pid}.mjs`)
  group.setup(() => {
    const module = new URL('../../../bin/no_node_snapshot.js', import.meta.url).href
    writeFileSync(
      entry,
      `import { SERVER_NODE_FLAGS, relaunchWithFlags } from '${module}'\n` +
        `if (!relaunchWithFlags(SERVER_NODE_FLAGS, ['--extra'])) console.log(JSON.stringify(` +
        `{ flags: process.execArgv, args: process.argv.slice(2), pid: process.pid }))\n`
    )
    return () => rmSync(entry, { force: true })
  })

  /** Runs the entry with `nodeFlags`; answers what the process that went on printed. */
  function serving(nodeFlags: string[], env: Record<string, string> = {}) {
    const inherited = { ...process.env }
    delete inherited.BINDERY_NO_RELAUNCH
    delete inherited.NODE_OPTIONS
    const result = spawnSync(process.execPath, [...nodeFlags, entry, 'serve'], {
      env: { ...inherited, ...env },
      encoding: 'utf8',
    })
    const went = JSON.parse(result.stdout) as { flags: string[]; args: string[]; pid: number }
    return { flags: went.flags, args: went.args, again: went.pid !== result.pid }
  }

  test('an entrypoint started without them starts itself again with them', ({ assert }) => {
    const started = serving([])
    assert.includeMembers(started.flags, ['--no-node-snapshot', ...SERVER_NODE_FLAGS])
    assert.deepEqual(started.args, ['--extra', 'serve'])
    assert.isTrue(started.again)
  })

  test('started with them, it goes on as it is', ({ assert }) => {
    const flags = ['--no-node-snapshot', ...SERVER_NODE_FLAGS]
    assert.deepEqual(serving(flags), { flags, args: ['serve'], again: false })
  })

  test('a value given to node, on its command line or in NODE_OPTIONS, is kept', ({ assert }) => {
    const own = serving(['--no-node-snapshot', '--max-semi-space-size=2'])
    assert.deepEqual(own.flags, ['--no-node-snapshot', '--max-semi-space-size=2'])
    const fromEnv = serving(['--no-node-snapshot'], { NODE_OPTIONS: '--max-semi-space-size=8' })
    assert.deepEqual(fromEnv.flags, ['--no-node-snapshot'])
  })
})
