import { test } from '@japa/runner'
import { readdirSync, readFileSync } from 'node:fs'
import { getPriority } from 'node:os'
import { TaskPool, workerBeside } from '#core/workers/task_pool'
import { BACKGROUND_NICENESS, kernelThreadId, runInBackground } from '#core/workers/thread_priority'
import { closeImportWorkers, contentWorkers } from '#content/import/worker_pool'

/** Nice values of the process's threads, by kernel thread id (Linux's /proc). */
function threadNiceness(): Map<number, number> {
  const found = new Map<number, number>()
  for (const id of readdirSync('/proc/self/task')) {
    // The fields after the command's closing parenthesis: nice is the 19th field of the line.
    const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    found.set(Number(id), Number(fields[16]))
  }
  return found
}

const linux = kernelThreadId() !== undefined

test.group('Worker threads: their scheduling priority', () => {
  test('the main thread, whose event loop serves requests, keeps its priority', ({ assert }) => {
    const before = getPriority()
    assert.isFalse(runInBackground())
    assert.equal(getPriority(), before)
  })

  test('a pool thread that asks runs below the event loop', async ({ assert }) => {
    const pool = new TaskPool({
      filename: workerBeside(import.meta.url, '../../helpers/thread_priority_worker'),
      defaultTimeoutMs: 30_000,
    })
    try {
      const { applied, nice } = await pool.run<{ applied: boolean; nice: number }>('niceness', null)
      assert.isTrue(applied)
      assert.equal(nice, Math.min(19, getPriority() + BACKGROUND_NICENESS))
    } finally {
      await pool.close()
    }
  }).skip(!linux, 'threads have no kernel id of their own here')

  test("the content domain's threads (page conversion, derived documents) run in the background", async ({
    assert,
  }) => {
    await closeImportWorkers()
    const before = threadNiceness()
    await contentWorkers.terms({ texts: ['Background threads'] })
    const started = [...threadNiceness()].filter(([id]) => !before.has(id))
    assert.isAtLeast(started.length, 1)
    const background = Math.min(19, getPriority() + BACKGROUND_NICENESS)
    // The pool's thread; Node may start a helper thread of its own beside it.
    assert.isTrue(
      started.some(([, nice]) => nice === background),
      `threads started (id, nice): ${JSON.stringify(started)}`
    )
  }).skip(!linux, 'threads have no kernel id of their own here')
})
