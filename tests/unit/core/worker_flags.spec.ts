import { test } from '@japa/runner'
import { flagsWorkersAccept } from '#core/workers/task_pool'

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
