import { test } from '@japa/runner'
import { connect } from 'node:net'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { JOBS_TABLE, JobRunner, type JobContext } from '#core/jobs/job_runner'
import { BullMqQueue } from '#core/jobs/bullmq_queue'
import { toSqlTimestamp } from '#core/database/timestamps'
import { newId } from '#core/ids'

/**
 * The job runner on the database of the run (SQLite or MySQL). These tests do not use the global
 * transaction: the runner opens its own connections and claims rows the way separate processes
 * would, so each test starts and ends with an empty jobs table.
 */

const REDIS_URL = 'redis://127.0.0.1:6379'

function redisReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 6379, timeout: 500 })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return false
}

/** Moves a job's run_at to the past: its backoff has elapsed. */
async function makeDue(id: string) {
  await db
    .from(JOBS_TABLE)
    .where('id', id)
    .update({ run_at: toSqlTimestamp(new Date(Date.now() - 1000)) })
}

test.group('Job runner', (group) => {
  group.each.setup(async () => {
    await db.from(JOBS_TABLE).delete()
    return async () => {
      await db.from(JOBS_TABLE).delete()
    }
  })

  test('a job enqueued in a rolled-back transaction leaves nothing', async ({ assert }) => {
    const runner = new JobRunner(db)
    const ran: unknown[] = []
    runner.define('demo.note', (payload) => void ran.push(payload))

    const rolledBack = await db.transaction()
    await runner.enqueue('demo.note', { n: 1 }, { trx: rolledBack })
    await rolledBack.rollback()
    assert.equal(await count(), 0)

    const committed = await db.transaction()
    const id = await runner.enqueue('demo.note', { n: 2 }, { trx: committed })
    await committed.commit()
    assert.equal(await count(), 1)

    assert.deepEqual(await runner.drain(), { succeeded: 1, failed: 0, retried: 0 })
    assert.deepEqual(ran, [{ n: 2 }])
    assert.equal(await statusOf(runner, id), 'succeeded')
  })

  test('a job runs once with its payload and context', async ({ assert }) => {
    const runner = new JobRunner(db)
    const seen: Array<[unknown, Omit<JobContext, 'signal'>]> = []
    runner.define('demo.ok', (payload, { signal: _signal, ...context }) => {
      seen.push([payload, context])
    })
    const id = await runner.enqueue('demo.ok', { text: 'héllo', list: [1, 2] })
    const later = await runner.enqueue('demo.ok', {}, { delayMs: 60_000 })

    assert.deepEqual(await runner.drain(), { succeeded: 1, failed: 0, retried: 0 })
    assert.deepEqual(seen, [
      [
        { text: 'héllo', list: [1, 2] },
        { id, name: 'demo.ok', attempt: 1, maxAttempts: 5 },
      ],
    ])
    const job = await runner.find(id)
    assert.include(job, { status: 'succeeded', attempts: 1, lastError: null, lockedUntil: null })
    assert.equal(await statusOf(runner, later), 'pending')
    assert.deepEqual(await runner.drain(), { succeeded: 0, failed: 0, retried: 0 })
  })

  test('a failing job is retried with exponential backoff, then failed', async ({ assert }) => {
    const runner = new JobRunner(db)
    let calls = 0
    runner.define(
      'demo.flaky',
      () => {
        calls++
        throw new Error(`attempt ${calls} broke`)
      },
      { maxAttempts: 3, backoff: { baseMs: 1000 } }
    )
    const id = await runner.enqueue('demo.flaky', null)

    assert.deepEqual(await runner.drain(), { succeeded: 0, failed: 0, retried: 1 })
    let job = (await runner.find(id))!
    assert.include(job, { status: 'pending', attempts: 1, lastError: 'attempt 1 broke' })
    assert.approximately(job.runAt.getTime() - job.updatedAt.getTime(), 1000, 50)
    // Not due yet: nothing runs.
    assert.deepEqual(await runner.drain(), { succeeded: 0, failed: 0, retried: 0 })

    await makeDue(id)
    assert.deepEqual(await runner.drain(), { succeeded: 0, failed: 0, retried: 1 })
    job = (await runner.find(id))!
    assert.include(job, { status: 'pending', attempts: 2, lastError: 'attempt 2 broke' })
    assert.approximately(job.runAt.getTime() - job.updatedAt.getTime(), 2000, 50)

    await makeDue(id)
    assert.deepEqual(await runner.drain(), { succeeded: 0, failed: 1, retried: 0 })
    job = (await runner.find(id))!
    assert.include(job, { status: 'failed', attempts: 3, lastError: 'attempt 3 broke' })
    assert.equal(calls, 3)
  })

  test('an attempt past its timeout fails; an unknown job fails with a recorded error', async ({
    assert,
  }) => {
    const runner = new JobRunner(db)
    let aborted = false
    runner.define(
      'demo.slow',
      (_payload, { signal }) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true
            resolve()
          })
        }),
      { maxAttempts: 1, timeoutMs: 100 }
    )
    const slow = await runner.enqueue('demo.slow', {})
    const unknown = await runner.enqueue('nobody.defines.this', {})

    assert.deepEqual(await runner.drain(), { succeeded: 0, failed: 2, retried: 0 })
    assert.include(await runner.find(slow), {
      status: 'failed',
      lastError: 'timed out after 100 ms',
    })
    assert.isTrue(aborted)
    assert.include(await runner.find(unknown), {
      status: 'failed',
      lastError: 'no handler is defined for job "nobody.defines.this"',
    })
  })

  test('a job whose process died is claimed again once its lease expires', async ({ assert }) => {
    const runner = new JobRunner(db)
    const ran: string[] = []
    runner.define('demo.recover', (payload: { n: string }) => void ran.push(payload.n), {
      maxAttempts: 2,
    })
    const expired = await runner.enqueue('demo.recover', { n: 'expired' })
    const leased = await runner.enqueue('demo.recover', { n: 'leased' })
    const exhausted = await runner.enqueue('demo.recover', { n: 'exhausted' })
    // What a process leaves behind when it dies mid-job: rows `running` under its lease.
    const died = (id: string, attempts: number, lockedUntil: Date) =>
      db
        .from(JOBS_TABLE)
        .where('id', id)
        .update({
          status: 'running',
          attempts,
          locked_by: 'dead-process',
          locked_until: toSqlTimestamp(lockedUntil),
        })
    await died(expired, 1, new Date(Date.now() - 1000))
    await died(leased, 1, new Date(Date.now() + 60_000))
    await died(exhausted, 2, new Date(Date.now() - 1000))

    assert.deepEqual(await runner.drain(), { succeeded: 1, failed: 0, retried: 0 })
    assert.deepEqual(ran, ['expired'])
    assert.include(await runner.find(expired), { status: 'succeeded', attempts: 2 })
    assert.include(await runner.find(leased), { status: 'running', attempts: 1 })
    assert.include(await runner.find(exhausted), {
      status: 'failed',
      lastError: 'the process running the last attempt stopped before it finished',
    })
  })

  test('runners claiming at the same time run each job once', async ({ assert }) => {
    const runs = new Map<string, number>()
    const handler = async (payload: { key: string }) => {
      runs.set(payload.key, (runs.get(payload.key) ?? 0) + 1)
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    const runners = [1, 2, 3].map(() => new JobRunner(db, { concurrency: 4 }))
    for (const runner of runners) runner.define('demo.once', handler)
    for (let i = 0; i < 30; i++) await runners[0].enqueue('demo.once', { key: `k${i}` })

    const results = await Promise.all(runners.map((runner) => runner.drain()))
    assert.equal(
      results.reduce((sum, result) => sum + result.succeeded, 0),
      30
    )
    assert.equal(runs.size, 30)
    assert.deepEqual([...new Set(runs.values())], [1])
    assert.equal(await count('succeeded'), 30)
  })

  test('a started runner polls, runs new jobs and stops cleanly', async ({ assert }) => {
    const runner = new JobRunner(db, { pollIntervalMs: 50 })
    runner.define('demo.polled', () => {})
    await runner.start()
    try {
      assert.isTrue(runner.isRunning)
      const id = await runner.enqueue('demo.polled', {})
      assert.isTrue(await waitFor(async () => (await statusOf(runner, id)) === 'succeeded'))
    } finally {
      await runner.stop()
    }
    assert.isFalse(runner.isRunning)
    const after = await runner.enqueue('demo.polled', {})
    await new Promise((resolve) => setTimeout(resolve, 150))
    assert.equal(await statusOf(runner, after), 'pending')
  })

  test('core binds one runner, embedded without REDIS_URL', async ({ assert }) => {
    const runner = await app.container.make(JobRunner)
    assert.strictEqual(await app.container.make(JobRunner), runner)
    assert.equal(runner.backend, 'embedded')
    // The test environment does not start it: tests drain.
    assert.isFalse(runner.isRunning)
  })

  test('on BullMQ: jobs are pushed after commit, run and retried; the row is the record', async ({
    assert,
  }) => {
    const queue = new BullMqQueue(REDIS_URL, `bindery-test-${newId()}`)
    const runner = new JobRunner(db, { queue, pollIntervalMs: 60_000 })
    const ran: unknown[] = []
    runner.define('demo.bull', (payload) => void ran.push(payload))
    runner.define(
      'demo.bull.flaky',
      () => {
        throw new Error('flaky on bull')
      },
      { maxAttempts: 2, backoff: { baseMs: 100 } }
    )
    assert.equal(runner.backend, 'bullmq')
    await runner.start()
    try {
      const rolledBack = await db.transaction()
      await runner.enqueue('demo.bull', { n: 'never' }, { trx: rolledBack })
      await rolledBack.rollback()

      const trx = await db.transaction()
      const id = await runner.enqueue('demo.bull', { n: 1 }, { trx })
      await trx.commit()
      const flaky = await runner.enqueue('demo.bull.flaky', {})

      assert.isTrue(await waitFor(async () => (await statusOf(runner, id)) === 'succeeded'))
      assert.isTrue(await waitFor(async () => (await statusOf(runner, flaky)) === 'failed'))
      assert.include(await runner.find(flaky), { attempts: 2, lastError: 'flaky on bull' })
      assert.deepEqual(ran, [{ n: 1 }])
      assert.equal(await count(), 2)
    } finally {
      await runner.stop()
      const { Queue } = await import('bullmq')
      const cleanup = new Queue(queue.name, { connection: { host: '127.0.0.1', port: 6379 } })
      try {
        await cleanup.obliterate({ force: true })
      } finally {
        await cleanup.close()
      }
    }
  })
    .skip(async () => !(await redisReachable()), 'Redis is not listening on 127.0.0.1:6379')
    .timeout(30_000)
})

async function statusOf(runner: JobRunner, id: string) {
  const job = await runner.find(id)
  return job?.status
}

async function count(status?: string): Promise<number> {
  const query = status ? db.from(JOBS_TABLE).where('status', status) : db.from(JOBS_TABLE)
  const rows = await query.count('* as total')
  return Number(rows[0].total)
}
