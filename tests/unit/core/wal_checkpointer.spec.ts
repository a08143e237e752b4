import { test } from '@japa/runner'
import { createRequire } from 'node:module'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WalCheckpointer } from '#core/database/wal_checkpointer'

const Database: new (filename: string) => any = createRequire(import.meta.url)('better-sqlite3')

/** A WAL database whose connection never checkpoints, as the web server's. */
function walDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'bindery-wal-'))
  const filename = join(dir, 'db.sqlite3')
  const writer = new Database(filename)
  writer.pragma('journal_mode = WAL')
  writer.pragma('wal_autocheckpoint = 0')
  writer.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)')
  return {
    filename,
    writer,
    close() {
      writer.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test.group('SQLite checkpoints off the event loop', () => {
  test('a write starts the thread, which copies the log into the database file', async ({
    assert,
  }) => {
    const { filename, writer, close } = walDatabase()
    const checkpointer = WalCheckpointer.start(filename, { intervalMs: 50 })
    try {
      await sleep(120)
      assert.isFalse(checkpointer.running)
      const insert = writer.prepare('INSERT INTO t (body) VALUES (?)')
      writer.transaction(() => {
        for (let i = 0; i < 2000; i++) insert.run('x'.repeat(500))
      })()
      // Nothing in this thread copied the log back: it holds every page written.
      assert.isAbove(statSync(`${filename}-wal`).size, 1_000_000)
      let result = await checkpointer.next()
      while (result.log === 0 || result.checkpointed < result.log)
        result = await checkpointer.next()
      assert.isTrue(checkpointer.running)
      assert.isAbove(result.log, 200)
      // The copy is in the database file itself.
      assert.isAbove(statSync(filename).size, 1_000_000)
    } finally {
      await checkpointer.stop()
      close()
    }
  })

  test('the thread ends when nothing is written, and starts again on the next write', async ({
    assert,
  }) => {
    const { filename, writer, close } = walDatabase()
    const checkpointer = WalCheckpointer.start(filename, { intervalMs: 30, idleChecks: 3 })
    try {
      await sleep(80)
      writer.exec("INSERT INTO t (body) VALUES ('a')")
      await checkpointer.next()
      assert.equal(checkpointer.starts, 1)
      while (checkpointer.running) await sleep(30)
      writer.exec("INSERT INTO t (body) VALUES ('b')")
      const result = await checkpointer.next()
      assert.equal(checkpointer.starts, 2)
      assert.equal(result.checkpointed, result.log)
    } finally {
      await checkpointer.stop()
      close()
    }
    assert.isFalse(checkpointer.running)
  })
})
