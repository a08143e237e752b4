import { test } from '@japa/runner'
import Database from 'better-sqlite3'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { hotRows } from '#core/database/hot_reads'
import { compilationsOf, onSqlite } from '#tests/helpers/sqlite_statements'

const SQL = 'SELECT name FROM hot_reads_probe WHERE id = ?'

/** The name of row `id` as a hot read gives it (null: no row). */
async function nameOf(client: Parameters<typeof hotRows>[0], id: number, remember = true) {
  const [row] = await hotRows<{ name: string }>(client, SQL, [id], { remember })
  return row?.name ?? null
}

test.group('Hot reads', (group) => {
  group.each.setup(async () => {
    await db.rawQuery('CREATE TABLE hot_reads_probe (id INT PRIMARY KEY, name VARCHAR(50))')
    await db.table('hot_reads_probe').insert({ id: 1, name: 'one' })
    return () => db.rawQuery('DROP TABLE hot_reads_probe')
  })

  test('a remembered answer is given again until a write, which the next read sees', async ({
    assert,
  }) => {
    assert.equal(await nameOf(db, 1), 'one')
    assert.equal(await nameOf(db, 1), 'one')
    assert.isNull(await nameOf(db, 2))
    await db.from('hot_reads_probe').where('id', 1).update({ name: 'uno' })
    await db.table('hot_reads_probe').insert({ id: 2, name: 'two' })
    assert.equal(await nameOf(db, 1), 'uno')
    assert.equal(await nameOf(db, 2), 'two')
    assert.equal(await nameOf(db, 1, false), 'uno')
  })

  test("a transaction's reads stay in it; other reads see what is committed", async ({
    assert,
  }) => {
    assert.equal(await nameOf(db, 1), 'one')
    await db
      .transaction(async (trx) => {
        await trx.from('hot_reads_probe').where('id', 1).update({ name: 'draft' })
        assert.equal(await nameOf(trx, 1), 'draft')
        assert.equal(await nameOf(db, 1), 'one')
        throw new Error('roll back')
      })
      .catch(() => {})
    assert.equal(await nameOf(db, 1), 'one')
    await db.transaction(async (trx) => {
      await trx.from('hot_reads_probe').where('id', 1).update({ name: 'final' })
    })
    assert.equal(await nameOf(db, 1), 'final')
  })

  test('under a global transaction (the suites), reads go through it', async ({ assert }) => {
    assert.equal(await nameOf(db, 1), 'one')
    const rollback = await testUtils.db().withGlobalTransaction()
    try {
      await db.table('hot_reads_probe').insert({ id: 3, name: 'three' })
      assert.equal(await nameOf(db, 3), 'three')
    } finally {
      await rollback()
    }
    assert.isNull(await nameOf(db, 3))
  })

  test('outside a transaction a read skips the query builder, on either engine', async ({
    assert,
  }) => {
    const knex = db.connection().getWriteClient()
    let seen = 0
    const count = () => seen++
    knex.on('query', count)
    try {
      assert.equal(await nameOf(db, 1, false), 'one')
      assert.equal(seen, 0)
      await db.transaction(async (trx) => {
        assert.equal(await nameOf(trx, 1, false), 'one')
      })
      assert.isAbove(seen, 0)
    } finally {
      knex.off('query', count)
    }
  })

  test('SQLite: compiled once; a commit by another process is seen at once', async ({ assert }) => {
    if (!onSqlite()) return assert.isTrue(true)
    const sql = 'SELECT name FROM hot_reads_probe WHERE id = ? /* compiled once */'
    const count = await compilationsOf(sql, async () => {
      for (const id of [1, 2, 1, 2, 1]) await hotRows(db, sql, [id])
    })
    assert.isAtMost(count, 1)

    assert.equal(await nameOf(db, 1), 'one')
    const filename = db.connection().getReadClient().client.config.connection.filename
    const other = new Database(filename)
    try {
      other.prepare('UPDATE hot_reads_probe SET name = ? WHERE id = ?').run('elsewhere', 1)
    } finally {
      other.close()
    }
    assert.equal(await nameOf(db, 1), 'elsewhere')
  })
})
