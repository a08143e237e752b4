import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { randomBytes } from 'node:crypto'

/**
 * Production keeps rate-limit counters in the database (shared by every process); tests otherwise
 * use the memory store. This checks the database store on the engine under test.
 */
test.group('Rate limits in the database', () => {
  test('count, block and reset a key on this engine', async ({ assert, cleanup }) => {
    const key = `test_${randomBytes(6).toString('hex')}`
    const attempts = limiter.use('database', { requests: 2, duration: '1 minute' })
    cleanup(async () => {
      await attempts.delete(key)
    })

    const failing = () => Promise.reject(new Error('wrong password'))
    for (let i = 0; i < 2; i++) {
      await assert.rejects(() => attempts.penalize(key, failing), 'wrong password')
    }
    const [throttled] = await attempts.penalize(key, failing)
    assert.equal(throttled?.status, 429)
    assert.isAbove(throttled!.response.availableIn, 0)

    const row = await db.from('rate_limits').where('key', 'like', `%${key}`).first()
    assert.exists(row)
  })
})
