import Database from 'better-sqlite3'
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3'
import { unicodeLower } from '#core/database/filters'

/**
 * A read connection of its own to the SQLite database `filename` (hot reads on the event loop,
 * slow reads in a worker thread: #core/database/off_loop_reads). In WAL mode it reads the last
 * committed state, as a query outside a transaction does through knex. Throws when the file does
 * not exist yet (a fresh install before its migrations).
 */
export function openReadConnection(filename: string): SqliteDatabase {
  // Read-write as opened, so that SQLite may set up the WAL's shared memory like any reader;
  // `query_only` then refuses every write on it.
  const connection = new Database(filename, { fileMustExist: true })
  connection.pragma('query_only = ON')
  // As the main connection (config/database.ts): a short wait for a lock, the same LOWER.
  connection.pragma('busy_timeout = 20')
  connection.function('lower', { deterministic: true }, unicodeLower)
  return connection
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null; knex would turn these so. */
export function bindable(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof Date) return value.valueOf()
  return value === undefined ? null : value
}

/**
 * The statement `sql` compiled on `connection`, kept in `statements` (the callers' SQL texts are
 * fixed, a few per caller: past `limit` the cache starts again).
 */
export function compiledStatement(
  connection: SqliteDatabase,
  statements: Map<string, Statement>,
  sql: string,
  limit: number
): Statement {
  let statement = statements.get(sql)
  if (!statement) {
    if (statements.size >= limit) statements.clear()
    statement = connection.prepare(sql)
    statements.set(sql, statement)
  }
  return statement
}
