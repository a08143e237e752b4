import type { Database as SqliteDatabase, Statement } from 'better-sqlite3'
import { compiledStatement, openReadConnection } from '#core/database/read_connection'
import { runInBackground } from '#core/workers/thread_priority'

runInBackground()

/**
 * The threads of #core/database/off_loop_reads: each keeps a read connection to the database file
 * and the statements it compiled, for as long as the thread lives.
 */

/** Statements kept per connection: callers' SQL texts are fixed, a few variants each. */
const STATEMENTS = 100

let open:
  { filename: string; connection: SqliteDatabase; statements: Map<string, Statement> } | undefined

export interface OffLoopRead {
  filename: string
  sql: string
  bindings: unknown[]
}

/** The rows of `sql` on a read connection to `filename`. */
export function rows({ filename, sql, bindings }: OffLoopRead): unknown[] {
  if (open?.filename !== filename) {
    open?.connection.close()
    open = undefined
    open = { filename, connection: openReadConnection(filename), statements: new Map() }
  }
  return compiledStatement(open.connection, open.statements, sql, STATEMENTS).all(bindings)
}
