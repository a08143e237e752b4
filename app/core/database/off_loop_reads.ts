import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { separateReadFile } from '#core/database/hot_reads'
import { bindable } from '#core/database/read_connection'
import { rowsOf } from '#core/database/rows'
import { spareCores, TaskPool, workerBeside } from '#core/workers/task_pool'
import type { OffLoopRead } from '#core/database/off_loop_read_worker'

/**
 * Reads whose cost grows with the data rather than with the answer (a full-text ranking over a
 * large site: 80–95 ms of SQLite's time on a 5,000-page space), run where they cannot hold the
 * event loop. better-sqlite3 runs a statement synchronously, on the thread that calls it: through
 * knex, on the event loop. Here, outside a transaction and on a database file, the statement runs
 * in a worker thread on a read connection of its own (off_loop_read_worker.ts), which reads the
 * last committed state as knex's connection would outside a transaction. Elsewhere — a
 * transaction, a test's global transaction, an in-memory database — it runs through Lucid, and on
 * MySQL too, whose driver never holds the loop while the server works.
 */

/** A read that takes this long is not a slow read but a runaway one: its thread is ended. */
const READ_TIMEOUT_MS = 30_000

const readers = new TaskPool({
  filename: workerBeside(import.meta.url, 'off_loop_read_worker'),
  threads: () => spareCores(2),
  defaultTimeoutMs: READ_TIMEOUT_MS,
  // A thread (and its connection's page cache) is kept between searches a few minutes apart.
  idleTimeoutMs: 10 * 60_000,
  maxOldGenerationSizeMb: 128,
})

/** The rows of the read statement `sql` (`?` placeholders) on `client`, off the event loop. */
export async function offLoopRows<Row = Record<string, any>>(
  client: Pick<QueryClientContract, 'rawQuery'> & { isTransaction?: boolean },
  sql: string,
  bindings: unknown[]
): Promise<Row[]> {
  const filename = separateReadFile(client)
  if (filename === null) return rowsOf(await client.rawQuery(sql, bindings as any[])) as Row[]
  const read: OffLoopRead = { filename, sql, bindings: bindings.map(bindable) }
  return readers.run<Row[]>('rows', read)
}
