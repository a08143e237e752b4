import { test } from '@japa/runner'
import { LOCK_CONFLICT_ATTEMPTS, isLockConflict, retryOnLockConflict } from '#core/database/errors'

const conflict = (code: string) => Object.assign(new Error(code), { code })

test.group('lock conflicts', () => {
  test('deadlocks, lock wait timeouts and SQLite busy are lock conflicts', ({ assert }) => {
    for (const code of ['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'SQLITE_BUSY'])
      assert.isTrue(isLockConflict(conflict(code)))
    assert.isFalse(isLockConflict(conflict('ER_DUP_ENTRY')))
    assert.isFalse(isLockConflict(null))
  })

  test('a transaction that loses a lock race runs again, and its answer is returned', async ({
    assert,
  }) => {
    let attempts = 0
    const answer = await retryOnLockConflict(async () => {
      if (++attempts < 3) throw conflict('ER_LOCK_DEADLOCK')
      return 'merged'
    })
    assert.equal(answer, 'merged')
    assert.equal(attempts, 3)
  })

  test('other failures are not retried; a conflict that persists is thrown', async ({ assert }) => {
    let attempts = 0
    await assert.rejects(
      () =>
        retryOnLockConflict(async () => {
          attempts++
          throw new Error('merge conflict')
        }),
      'merge conflict'
    )
    assert.equal(attempts, 1)
    attempts = 0
    await assert.rejects(() =>
      retryOnLockConflict(async () => {
        attempts++
        throw conflict('ER_LOCK_DEADLOCK')
      })
    )
    assert.equal(attempts, LOCK_CONFLICT_ATTEMPTS)
  })
})
