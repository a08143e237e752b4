import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { flagsWorkersAccept, processSemiSpaceMb } from '#core/workers/task_pool'

test.group('Worker threads: the node flags they are given', () => {
  test('flags Node refuses in a worker are left out, the others kept in order', ({ assert }) => {
    const flags = flagsWorkersAccept([
      '--no-node-snapshot',
      '--enable-source-maps',
      '--max-semi-space-size=8',
      '--conditions=bindery',
      '--expose-gc',
      '--no-warnings',
    ])
    assert.deepEqual(flags, ['--enable-source-maps', '--conditions=bindery', '--no-warnings'])
  })

  test('no flags, or only refused ones, give none', ({ assert }) => {
    assert.deepEqual(flagsWorkersAccept([]), [])
    assert.deepEqual(flagsWorkersAccept(['--max-old-space-size=300', '--stack-trace-limit=20']), [])
  })
})

test.group('Worker threads: their young generation', () => {
  test("the process's --max-semi-space-size is read from its flags", ({ assert }) => {
    assert.equal(processSemiSpaceMb(['--no-node-snapshot', '--max-semi-space-size=4']), 4)
    assert.equal(processSemiSpaceMb(['--max-semi-space-size', '8', 'bin/server.js']), 8)
    assert.equal(processSemiSpaceMb(['--max_semi_space_size=2']), 2)
    assert.isUndefined(processSemiSpaceMb(['--max-old-space-size=300']))
    assert.isUndefined(processSemiSpaceMb(['--max-semi-space-size=0']))
  })

  test("a pool's threads get the young generation it names, over the process's flag", ({
    assert,
  }) => {
    // V8 sizes every new heap by the flag when it is set (the server sets 4 MiB): a pool that
    // names 48 MB (semi-spaces of 16) once got 4 MiB ones all the same.
    const script = fileURLToPath(
      new URL('../../helpers/young_generation_pools.ts', import.meta.url)
    )
    const inherited = { ...process.env }
    delete inherited.NODE_OPTIONS
    const result = spawnSync(
      process.execPath,
      [...process.execArgv, '--max-semi-space-size=4', script],
      { env: inherited, encoding: 'utf8', timeout: 60_000 }
    )
    assert.equal(result.status, 0, result.stderr)
    const reached = JSON.parse(result.stdout.trim().split('\n').at(-1)!)
    assert.equal(reached.own, 32)
    assert.equal(reached.theProcess, 8)
  }).timeout(90_000)
})
