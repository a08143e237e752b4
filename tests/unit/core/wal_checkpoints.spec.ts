import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { checkpointNow } from '#core/database/wal_checkpoints'
import { onSqlite } from '#tests/helpers/sqlite_statements'

test.group('SQLite checkpoints in a thread of their own', (group) => {
  group.each.setup(async () => {
    if (onSqlite()) await db.rawQuery('CREATE TABLE wal_probe (id INT PRIMARY KEY, body TEXT)')
  })
  group.each.teardown(async () => {
    if (onSqlite()) await db.rawQuery('DROP TABLE IF EXISTS wal_probe')
  })

  test('a commit leaves the checkpoint to the thread, which copies every frame back', async ({
    assert,
  }) => {
    if (!onSqlite()) return
    const [setting] = await db.rawQuery('PRAGMA wal_autocheckpoint')
    assert.equal(setting.wal_autocheckpoint, 262144)
    // ~6 MB in one transaction: past SQLite's default of 1,000 pages, far under this bound.
    const body = 'x'.repeat(60_000)
    await db.transaction(async (trx) => {
      for (let id = 0; id < 100; id++) await trx.table('wal_probe').insert({ id, body })
    })
    const result = await checkpointNow()
    assert.isNotNull(result)
    assert.equal(result!.busy, 0)
    assert.isAbove(result!.log, 1000)
    assert.equal(result!.checkpointed, result!.log)
    const [count] = await db.from('wal_probe').count('* as rows')
    assert.equal(Number(count.rows), 100)
  })
})
