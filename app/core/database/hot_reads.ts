import { createRequire } from 'node:module'
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { prepared } from '#core/database/prepared_statements'
import { rowsOf } from '#core/database/rows'
import { bindable, compiledStatement, openReadConnection } from '#core/database/read_connection'
import { sqliteFileOf } from '#core/database/sqlite_file'

/**
 * The hot reads: the few fixed statements every API read runs (a record with the caller's access
 * to it, a page's document), answered without the query builder's machinery.
 *
 * SQLite: through knex, such a read pays for the pool (a pending operation with its timer), the
 * raw query's binding rewrite and the runner's events — more than the statement itself costs (about
 * a fifth of a record read's CPU, measured). Here it runs on a read-only connection of its own (in
 * WAL mode it reads the last committed state, as a query outside a transaction does through knex),
 * by a statement compiled once, synchronously.
 *
 * It is used only where knex's connection would give the same answer: not inside a transaction
 * (the caller passes its client; a transaction's reads stay in it), not while a global transaction
 * holds the database (the test suites run each test in one: their reads go through Lucid), not on
 * an in-memory database (another connection would be another database). Everywhere else the
 * statement runs through Lucid as a prepared statement (#core/database/prepared_statements).
 *
 * MySQL / MariaDB: under the same conditions, the statement runs on a small mysql2 pool of its own
 * (the connection settings Lucid's are made from) as a server-side prepared statement, which mysql2
 * keeps per connection. Through knex, a read's own CPU (pool, binding rewrite, runner, events) was
 * about as much again as the driver's; this is the same driver and the same rows. Answers are never
 * remembered there: MySQL has no cheap signal that another process committed.
 */

/**
 * Statements kept on the read connection: the callers' SQL texts are fixed (a few per caller), so
 * this is never reached in practice; past it the cache starts again.
 */
const STATEMENTS = 200

/**
 * Answers kept by `hotRows(..., { remember: true })`, for as long as the database has not changed.
 * An access read is a few hundred bytes, so this is a few megabytes at most; past it the cache
 * starts again.
 */
const ANSWERS = 10_000

type Direct = {
  connection: SqliteDatabase
  statements: Map<string, Statement>
  /** `PRAGMA data_version`: changes whenever another connection (or process) commits. */
  version: Statement
  seenVersion: unknown
  /** Remembered answers, by SQL text, then by bindings; `answerCount` of them in all. */
  answers: Map<string, Map<string, unknown[]>>
  answerCount: number
}

type LucidDatabase = {
  primaryConnectionName: string
  connectionGlobalTransactions: Map<string, unknown>
  getRawConnection(name: string): { config: { client?: string; connection?: any } } | undefined
}

/**
 * Connections of the MySQL read pool, per process: reads are short and the server is near, so a
 * few connections keep it busy; more would only queue inside MySQL.
 */
const MYSQL_READ_CONNECTIONS = 8

type MysqlPool = {
  execute(
    sql: string,
    values: unknown[],
    callback: (error: Error | null, rows: unknown) => void
  ): unknown
  end(callback?: (error?: Error | null) => void): void
}

let database: LucidDatabase | undefined
let direct: Direct | null | undefined
let mysqlReads: MysqlPool | null | undefined

/**
 * Opens the read connection for `db` (the core provider calls it once the database service
 * exists). Without a file-backed SQLite connection it does nothing: every read goes through Lucid.
 */
export function openHotReads(lucid: LucidDatabase) {
  database = lucid
  direct = undefined
  mysqlReads = undefined
}

/** The MySQL read pool, made on first use (null: the primary connection is not MySQL). */
function mysqlPool(): MysqlPool | null {
  if (mysqlReads !== undefined) return mysqlReads
  mysqlReads = null
  const config = database?.getRawConnection(database.primaryConnectionName)?.config
  if (config?.client !== 'mysql2' || typeof config.connection !== 'object') return mysqlReads
  const mysql = createRequire(import.meta.url)('mysql2')
  mysqlReads = mysql.createPool({
    ...config.connection,
    connectionLimit: MYSQL_READ_CONNECTIONS,
    maxIdle: MYSQL_READ_CONNECTIONS,
  }) as MysqlPool
  return mysqlReads
}

function mysqlRows(pool: MysqlPool, sql: string, bindings: unknown[]): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    pool.execute(sql, bindings.map(bindableMysql), (error, rows) =>
      error ? reject(error) : resolve(rows as unknown[])
    )
  })
}

/** mysql2's execute refuses undefined; knex would send null. */
function bindableMysql(value: unknown): unknown {
  return value === undefined ? null : value
}

/** The read connection, opened on first use (null: none here). */
function directConnection(): Direct | null {
  if (direct !== undefined) return direct
  direct = null
  const filename = database ? sqliteFileOf(database) : null
  if (filename === null) return direct
  try {
    const connection = openReadConnection(filename)
    direct = {
      connection,
      statements: new Map(),
      version: connection.prepare('PRAGMA data_version').pluck(),
      seenVersion: undefined,
      answers: new Map(),
      answerCount: 0,
    }
  } catch {
    // No file yet (a fresh install before its migrations): reads go through Lucid.
    direct = null
  }
  return direct
}

/**
 * How `hotRows` answers for `client` now: `remembering` on SQLite's read connection (answers may be
 * remembered with `remember`), `versioned` on the MySQL read pool (answers are never remembered;
 * access answers may be, by the access version: #core/database/access_answers), `lucid` otherwise
 * (a transaction, a test's global transaction, an in-memory database).
 */
export function hotReadPath(
  client: object & { isTransaction?: boolean }
): 'remembering' | 'versioned' | 'lucid' {
  if (!database || client.isTransaction || database.connectionGlobalTransactions.size > 0) {
    return 'lucid'
  }
  if (directConnection()) return 'remembering'
  return mysqlPool() ? 'versioned' : 'lucid'
}

/**
 * The SQLite file a read of `client` may be answered from by a connection of its own (outside any
 * transaction, on a file: hotReadPath's `remembering`), else null.
 */
export function separateReadFile(client: object & { isTransaction?: boolean }): string | null {
  return hotReadPath(client) === 'remembering' && database ? sqliteFileOf(database) : null
}

/**
 * The rows of a fixed read statement (`?` placeholders, bindings strings, numbers or booleans), on
 * `client`'s connection: the read connection where that gives the same answer (see above), Lucid
 * otherwise.
 *
 * `remember`: on the read connection, the answer is kept and given again (the same row objects:
 * callers only read them) until anything is committed to the database, by this process or another
 * (SQLite's `data_version`, checked on every call). For the access reads every API request opens
 * with: a burst of reads answers from memory, and any write is seen by the next read.
 */
export async function hotRows<Row = Record<string, any>>(
  client: Pick<QueryClientContract, 'rawQuery'> & { isTransaction?: boolean },
  sql: string,
  bindings: unknown[],
  options: { remember?: boolean } = {}
): Promise<Row[]> {
  const path = hotReadPath(client)
  if (path === 'remembering') {
    return directRows(directConnection()!, sql, bindings, options.remember === true) as Row[]
  }
  if (path === 'versioned') return (await mysqlRows(mysqlPool()!, sql, bindings)) as Row[]
  return rowsOf(await prepared(client.rawQuery(sql, bindings as any[]))) as Row[]
}

function directRows(connection: Direct, sql: string, bindings: unknown[], remember: boolean) {
  // Only remembered answers can be out of date: a read that keeps nothing skips the version check.
  let version: unknown
  let answers: Map<string, unknown[]> | undefined
  const key = remember ? bindings.join('\u0000') : ''
  if (remember) {
    version = connection.version.get()
    if (version !== connection.seenVersion) forgetAnswers(connection, version)
    answers = connection.answers.get(sql)
    const answer = answers?.get(key)
    if (answer) return answer
  }
  const statement = compiledStatement(connection.connection, connection.statements, sql, STATEMENTS)
  const rows = statement.all(bindings.map(bindable))
  if (remember) {
    if (connection.answerCount >= ANSWERS) {
      forgetAnswers(connection, version)
      answers = undefined
    }
    if (!answers) {
      answers = new Map()
      connection.answers.set(sql, answers)
    }
    answers.set(key, rows)
    connection.answerCount++
  }
  return rows
}

function forgetAnswers(connection: Direct, version: unknown) {
  connection.answers.clear()
  connection.answerCount = 0
  connection.seenVersion = version
}

/** Closes the read connection (the app's shutdown). */
export function closeHotReads() {
  direct?.connection.close()
  direct = undefined
  mysqlReads?.end()
  mysqlReads = undefined
}
