import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { offLoopRows } from '#core/database/off_loop_reads'
import { onSqlite } from '#tests/helpers/sqlite_statements'

const SQL = 'SELECT name FROM off_loop_probe WHERE id = ?'

async function nameOf(client: Parameters<typeof offLoopRows>[0], id: number) {
  const [row] = await offLoopRows<{ name: string }>(client, SQL, [id])
  return row?.name ?? null
}

/** Queries knex ran on the main connection during `work`. */
async function knexQueriesDuring(work: () => Promise<void>) {
  const knex = db.connection().getWriteClient()
  let seen = 0
  const count = () => seen++
  knex.on('query', count)
  try {
    await work()
  } finally {
    knex.off('query', count)
  }
  return seen
}

test.group('Reads off the event loop', (group) => {
  group.each.setup(async () => {
    await db.rawQuery('CREATE TABLE off_loop_probe (id INT PRIMARY KEY, name VARCHAR(50))')
    await db.table('off_loop_probe').insert({ id: 1, name: 'one' })
    return () => db.rawQuery('DROP TABLE off_loop_probe')
  })

  test('outside a transaction, SQLite reads on a connection of its own what is committed', async ({
    assert,
  }) => {
    const outside = await knexQueriesDuring(async () => {
      assert.equal(await nameOf(db, 1), 'one')
      assert.isNull(await nameOf(db, 2))
    })
    // MySQL's driver never holds the loop: its reads stay on Lucid's connection.
    if (onSqlite()) assert.equal(outside, 0)
    else assert.isAbove(outside, 0)

    await db
      .transaction(async (trx) => {
        await trx.from('off_loop_probe').where('id', 1).update({ name: 'draft' })
        assert.equal(await nameOf(trx, 1), 'draft')
        assert.equal(await nameOf(db, 1), 'one')
        throw new Error('roll back')
      })
      .catch(() => {})
    await db.table('off_loop_probe').insert({ id: 2, name: 'two' })
    assert.equal(await nameOf(db, 1), 'one')
    assert.equal(await nameOf(db, 2), 'two')
  })

  test('under a global transaction (the suites), reads go through it', async ({ assert }) => {
    const rollback = await testUtils.db().withGlobalTransaction()
    try {
      await db.table('off_loop_probe').insert({ id: 3, name: 'three' })
      assert.equal(await nameOf(db, 3), 'three')
    } finally {
      await rollback()
    }
    assert.isNull(await nameOf(db, 3))
  })

  test('SQLite: a long read leaves the event loop turning; a bad statement is an error', async ({
    assert,
  }) => {
    if (!onSqlite()) return assert.isTrue(true)
    let ticks = 0
    const timer = setInterval(() => ticks++, 5)
    const started = performance.now()
    try {
      const [row] = await offLoopRows<{ n: number }>(
        db,
        `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?)
         SELECT COUNT(*) AS n FROM c`,
        [3_000_000]
      )
      assert.equal(row.n, 3_000_000)
    } finally {
      clearInterval(timer)
    }
    const took = performance.now() - started
    // On the event loop the timer could not have run during the statement; here it ran, if
    // irregularly on a busy machine (the statement takes several hundred ms).
    if (took > 100) assert.isAbove(ticks, 2)

    await assert.rejects(() => offLoopRows(db, 'SELECT nothing FROM off_loop_nowhere', []))
    // A write is refused: the connection is read-only.
    await assert.rejects(() =>
      offLoopRows(db, "INSERT INTO off_loop_probe (id, name) VALUES (9, 'nine')", [])
    )
    assert.isNull(await nameOf(db, 9))
  })
})
