import { test } from '@japa/runner'
import { createRequire } from 'node:module'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WalCheckpointer } from '#core/database/wal_checkpointer'

const Database: new (filename: string) => any = createRequire(import.meta.url)('better-sqlite3')

test.group('SQLite checkpoints off the event loop', () => {
  test('the checkpointer thread copies the log of a connection that never checkpoints', async ({
    assert,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'bindery-wal-'))
    const filename = join(dir, 'db.sqlite3')
    const writer = new Database(filename)
    writer.pragma('journal_mode = WAL')
    writer.pragma('wal_autocheckpoint = 0')
    writer.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)')
    const checkpointer = WalCheckpointer.start(filename, 50)
    try {
      const insert = writer.prepare('INSERT INTO t (body) VALUES (?)')
      writer.transaction(() => {
        for (let i = 0; i < 2000; i++) insert.run('x'.repeat(500))
      })()
      // Nothing in this thread copied the log back: it holds every page written.
      assert.isAbove(statSync(`${filename}-wal`).size, 1_000_000)
      let result = await checkpointer.next()
      while (result.log === 0 || result.checkpointed < result.log)
        result = await checkpointer.next()
      assert.equal(result.checkpointed, result.log)
      assert.isAbove(result.log, 200)
      // The copy is in the database file itself: a fresh reader without the log sees the rows.
      assert.isAbove(statSync(filename).size, 1_000_000)
    } finally {
      await checkpointer.stop()
      writer.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('stop ends the thread after a last checkpoint', async ({ assert }) => {
    const dir = mkdtempSync(join(tmpdir(), 'bindery-wal-'))
    const filename = join(dir, 'db.sqlite3')
    const writer = new Database(filename)
    writer.pragma('journal_mode = WAL')
    writer.pragma('wal_autocheckpoint = 0')
    writer.exec('CREATE TABLE t (id INTEGER PRIMARY KEY)')
    const checkpointer = WalCheckpointer.start(filename, 60_000)
    writer.exec('INSERT INTO t DEFAULT VALUES')
    await checkpointer.stop()
    assert.equal(checkpointer.checkpoints, 1)
    assert.equal(checkpointer.last?.checkpointed, checkpointer.last?.log)
    writer.close()
    rmSync(dir, { recursive: true, force: true })
  })
})
