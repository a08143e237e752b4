import { test } from '@japa/runner'
import Database from 'better-sqlite3'
import db from '@adonisjs/lucid/services/db'
import { PREPARED_OPTION, prepared } from '#core/database/prepared_statements'
import { fromSqlTimestamp } from '#core/database/timestamps'
import { DateTime } from 'luxon'
import { rowsOf } from '#spaces/sql'
import { compilationsOf, onSqlite } from '#tests/helpers/sqlite_statements'

/** Statements this MySQL session executed through the binary protocol. */
async function sessionExecutes(client: { rawQuery: typeof db.rawQuery }) {
  const [row] = rowsOf(await client.rawQuery("SHOW SESSION STATUS LIKE 'Com_stmt_execute'"))
  return Number(row.Value ?? row.value)
}

test.group('Prepared statements', () => {
  test('SQLite compiles a statement once, in and out of transactions', async ({ assert }) => {
    if (!onSqlite()) return assert.isTrue(true)
    const sql = 'SELECT ? + 1 AS answer /* statement cache test */'
    const count = await compilationsOf(sql, async () => {
      for (let i = 0; i < 5; i++) {
        assert.equal(rowsOf(await db.rawQuery(sql, [i]))[0].answer, i + 1)
      }
      await db.transaction(async (trx) => {
        for (let i = 0; i < 3; i++) {
          assert.equal(rowsOf(await trx.rawQuery(sql, [i]))[0].answer, i + 1)
        }
      })
    })
    assert.isAtMost(count, 1)
  })

  test('a cached SQLite statement sees rows and columns written after it was compiled', async ({
    assert,
  }) => {
    if (!onSqlite()) return assert.isTrue(true)
    await db.rawQuery('CREATE TABLE statement_cache_probe (id INTEGER PRIMARY KEY, name TEXT)')
    try {
      const select = 'SELECT * FROM statement_cache_probe ORDER BY id'
      assert.deepEqual(rowsOf(await db.rawQuery(select)), [])
      await db.table('statement_cache_probe').insert({ id: 1, name: 'one' })
      await db.transaction(async (trx) => {
        await trx.table('statement_cache_probe').insert({ id: 2, name: 'two' })
        // Inside the transaction, through the same cached statement: the uncommitted row too.
        assert.lengthOf(rowsOf(await trx.rawQuery(select)), 2)
        await trx.rollback()
      })
      await db.rawQuery('ALTER TABLE statement_cache_probe ADD COLUMN extra TEXT')
      assert.deepEqual(rowsOf(await db.rawQuery(select)), [{ id: 1, name: 'one', extra: null }])
    } finally {
      await db.rawQuery('DROP TABLE statement_cache_probe')
    }
  })

  test("another process's write lock is waited for without stalling the event loop", async ({
    assert,
  }) => {
    if (!onSqlite()) return assert.isTrue(true)
    // Another process: its own connection to the same file, holding the write lock for 300 ms.
    const { filename } = db.manager.get('sqlite')!.config.connection as { filename: string }
    const other = new Database(filename)
    other.pragma('busy_timeout = 0')
    other.exec('BEGIN IMMEDIATE')
    const release = setTimeout(() => other.exec('COMMIT'), 300)
    let ticks = 0
    let longestGap = 0
    let last = performance.now()
    const ticker = setInterval(() => {
      const now = performance.now()
      longestGap = Math.max(longestGap, now - last)
      last = now
      ticks++
    }, 10)
    try {
      const started = performance.now()
      const answer = await db.transaction(async (trx) =>
        rowsOf(await trx.rawQuery('SELECT 42 AS answer'))
      )
      assert.equal(answer[0].answer, 42)
      assert.isAtLeast(performance.now() - started, 250)
      // The event loop kept turning while the transaction waited for the lock.
      assert.isAtLeast(ticks, 10)
      assert.isBelow(longestGap, 250)
    } finally {
      clearInterval(ticker)
      clearTimeout(release)
      if (other.inTransaction) other.exec('COMMIT')
      other.close()
    }
  })

  test('prepared() runs as a server-side prepared statement on MySQL', async ({ assert }) => {
    if (onSqlite()) return assert.isTrue(true)
    await db.transaction(async (trx) => {
      const before = await sessionExecutes(trx)
      const rows = await prepared(trx.rawQuery('SELECT ? AS word, ? AS flag', ['hello', false]))
      assert.deepEqual(
        rowsOf(rows).map((row: any) => ({ word: row.word, flag: Number(row.flag) })),
        [{ word: 'hello', flag: 0 }]
      )
      const plain = await trx.rawQuery('SELECT ? AS word', ['plain'])
      assert.equal(rowsOf(plain)[0].word, 'plain')
      assert.equal((await sessionExecutes(trx)) - before, 1)
    })
  })

  test('prepared() marks a knex builder as it marks a Lucid one', async ({ assert }) => {
    const knexBuilder = db.connection().knexQuery().table('users').select('id')
    assert.strictEqual(prepared(knexBuilder), knexBuilder)
    assert.isTrue((knexBuilder as any)._options.some((o: any) => o[PREPARED_OPTION] === true))
    const lucidBuilder = db.from('users').select('id')
    assert.strictEqual(prepared(lucidBuilder), lucidBuilder)
    assert.isTrue(
      (lucidBuilder.knexQuery as any)._options.some((o: any) => o[PREPARED_OPTION] === true)
    )
  })
})

test.group('Stored timestamps', () => {
  test('read by hand exactly as luxon reads them', ({ assert }) => {
    for (const value of [
      '2026-11-27 02:00:01.123',
      '2026-11-27 02:00:01.5',
      '2026-11-27 02:00:01.05',
      '2026-11-27 02:00:01',
      '1999-12-31 23:59:59.999',
      '2024-02-29 00:00:00.000',
    ]) {
      assert.equal(
        fromSqlTimestamp(value)!.toISO(),
        DateTime.fromSQL(value, { zone: 'utc' }).toISO(),
        value
      )
    }
    const date = new Date('2026-01-02T03:04:05.678Z')
    assert.equal(fromSqlTimestamp(date)!.toISO(), '2026-01-02T03:04:05.678Z')
    // Other forms still go through luxon.
    assert.equal(
      fromSqlTimestamp('2026-11-27 02:00:01.123 +00:00')!.toISO(),
      '2026-11-27T02:00:01.123Z'
    )
    assert.isNull(fromSqlTimestamp(null))
  })
})
