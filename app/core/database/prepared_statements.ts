import { LRUCache } from 'lru-cache'

/**
 * Statements compiled once.
 *
 * SQLite: knex's better-sqlite3 client prepares every query again (`connection.prepare(sql)`), and
 * compiling the SQL is a fifth of the CPU of a small API read. The client below keeps the prepared
 * statements of each connection in a bounded LRU keyed by SQL text, so a query the server has run
 * before (the token lookup, a record read) only binds and steps. SQLite recompiles a cached
 * statement by itself when the schema changes under it.
 *
 * MySQL / MariaDB: a query marked `prepared()` runs through mysql2's `execute` (a server-side
 * prepared statement, which mysql2 caches per connection) instead of `query` (text protocol,
 * parsed by the server every time). Only hot reads are marked: the binary protocol is stricter
 * about binding types (a LIMIT bound as a JavaScript number is refused by MySQL 8), so each marked
 * query is one whose bindings are strings.
 *
 * Both work by giving knex's client instance a subclass of its own client class (`installOn`),
 * when Lucid opens a connection: the rest of knex is untouched, and transactions, whose clients
 * knex builds from the instance's class, get the same.
 */

/** Statements kept per SQLite connection: the hot ones plus room for the variety of IN lists. */
const STATEMENTS_PER_CONNECTION = 1000

/** Marks a knex query (or raw) to run as a server-side prepared statement on MySQL. */
export const PREPARED_OPTION = 'binderyPrepared'

type KnexQueryObject = {
  sql: string
  bindings?: unknown[]
  options?: Record<string, unknown>
  response?: unknown
  context?: unknown
}

type KnexClient = {
  _formatBindings(bindings: unknown[] | undefined): unknown[]
}

const statementCaches = new WeakMap<object, LRUCache<string, any>>()

function statementsOf(connection: object): LRUCache<string, any> {
  let cache = statementCaches.get(connection)
  if (!cache) {
    cache = new LRUCache({ max: STATEMENTS_PER_CONNECTION })
    statementCaches.set(connection, cache)
  }
  return cache
}

/**
 * How long a statement that may be retried waits, in all, for another process's write lock before
 * SQLITE_BUSY is the answer (several server processes on one file: WEB_CONCURRENCY).
 */
export const SQLITE_BUSY_WAIT_MS = 30_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * knex's better-sqlite3 `_query`, with the statement taken from the connection's cache. Queries
 * that ask for `safeIntegers` (none in Bindery) are prepared afresh, so no cached statement keeps
 * a mode another query set.
 *
 * Several processes on one SQLite file (WEB_CONCURRENCY): transactions begin IMMEDIATE (knex sends
 * `BEGIN;`), taking the one write lock up front, so a transaction never reads an old snapshot it
 * then cannot write from (SQLITE_BUSY at once: a 500). The driver waits for a lock synchronously,
 * which would stall this process's event loop for as long as the other process writes: the
 * connection's busy_timeout is kept short (config/database.ts), and a statement that was not
 * inside a transaction (BEGIN itself, an autocommit write) is retried after an asynchronous pause
 * instead, up to SQLITE_BUSY_WAIT_MS. Such a statement changed nothing when it failed.
 */
async function sqliteQuery(this: KnexClient, connection: any, obj: KnexQueryObject) {
  if (!obj.sql) throw new Error('The query is empty')
  if (!connection) throw new Error('No connection provided')

  const sql = obj.sql === 'BEGIN;' ? 'BEGIN IMMEDIATE;' : obj.sql
  const custom = typeof obj.options?.safeIntegers === 'boolean'
  const bindings = this._formatBindings(obj.bindings)
  const retriable = !connection.inTransaction
  const deadline = Date.now() + SQLITE_BUSY_WAIT_MS
  for (let attempt = 0; ; attempt++) {
    try {
      return runSqlite(connection, obj, sql, bindings, custom)
    } catch (error: any) {
      if (error?.code !== 'SQLITE_BUSY' || !retriable || Date.now() >= deadline) throw error
      await sleep(Math.min(2 ** attempt, 50))
    }
  }
}

function runSqlite(
  connection: any,
  obj: KnexQueryObject,
  sql: string,
  bindings: unknown[],
  custom: boolean
) {
  let statement
  if (custom) {
    statement = connection.prepare(sql)
    statement.safeIntegers(obj.options!.safeIntegers)
  } else {
    const cache = statementsOf(connection)
    statement = cache.get(sql)
    if (!statement) {
      statement = connection.prepare(sql)
      cache.set(sql, statement)
    }
  }
  if (statement.reader) {
    obj.response = statement.all(bindings)
    return obj
  }
  const response = statement.run(bindings)
  obj.response = response
  obj.context = { lastID: response.lastInsertRowid, changes: response.changes }
  return obj
}

/**
 * The tables that decide who may read what (the access reads of #spaces/services/space_access_service
 * read nothing else that a remembered answer keeps). A committed write to one of them raises
 * `access_versions.version`, so that access answers remembered on MySQL are read again
 * (#core/database/access_answers).
 */
const ACCESS_TABLES = new Set([
  'organization_members',
  'collections',
  'content_grants',
  'team_members',
  'teams',
])

/** The table a write statement names first (knex's and Bindery's raw SQL alike). */
const WRITE_HEAD =
  /^\s*(?:(?:insert|replace)(?:\s+ignore)?\s+into|update(?:\s+ignore)?|delete(?:\s+`?\w+`?)?\s+from|truncate(?:\s+table)?)\s+`?(\w+)`?/i

/**
 * Deleting a user removes their memberships and grants by the foreign keys' cascades, which run
 * no statement of their own here: the delete itself raises the version.
 */
const DELETE_HEAD = /^\s*delete\b/i

export function writesAccess(sql: string): boolean {
  const head = WRITE_HEAD.exec(sql.length > 300 ? sql.slice(0, 300) : sql)
  if (head === null) return false
  const table = head[1].toLowerCase()
  return ACCESS_TABLES.has(table) || (table === 'users' && DELETE_HEAD.test(sql))
}

export const BUMP_ACCESS_VERSION_SQL =
  'UPDATE access_versions SET version = version + 1 WHERE id = 1'

/** MySQL's "table does not exist": before migration 0027 there is no version to raise. */
const ER_NO_SUCH_TABLE = 1146

/** Per MySQL connection: inside a transaction, and whether it wrote an access table. */
const transactionStates = new WeakMap<object, { open: boolean; wroteAccess: boolean }>()

function rawQuery(connection: any, sql: string): Promise<void> {
  return new Promise((resolve, reject) =>
    connection.query(sql, (error: any) => (error ? reject(error) : resolve()))
  )
}

async function bumpAccessVersion(connection: any) {
  try {
    await rawQuery(connection, BUMP_ACCESS_VERSION_SQL)
  } catch (error: any) {
    if (error?.errno !== ER_NO_SUCH_TABLE) throw error
  }
}

/**
 * knex's mysql2 `_query`, keeping the access version: a transaction that wrote an access table
 * raises it just before its COMMIT (the last lock it takes, so it never waits for a lock while
 * holding this row: no deadlock), a write outside a transaction right after it.
 */
async function mysqlQuery(
  connection: any,
  obj: KnexQueryObject,
  plain: (connection: any, obj: KnexQueryObject) => Promise<KnexQueryObject>
): Promise<KnexQueryObject> {
  const sql = obj?.sql
  if (typeof sql !== 'string') return runMysql(connection, obj, plain)
  let state = transactionStates.get(connection)
  if (!state) {
    state = { open: false, wroteAccess: false }
    transactionStates.set(connection, state)
  }
  if (sql === 'BEGIN;' || sql === 'COMMIT;' || /^ROLLBACK\b(?!\s+TO\b)/i.test(sql)) {
    const wroteAccess = state.wroteAccess
    state.open = sql === 'BEGIN;'
    state.wroteAccess = false
    if (sql === 'COMMIT;' && wroteAccess) {
      try {
        await bumpAccessVersion(connection)
      } catch (error) {
        // Never commit access changes without the version that tells other processes.
        await rawQuery(connection, 'ROLLBACK').catch(() => {})
        throw error
      }
    }
  }
  const result = await runMysql(connection, obj, plain)
  if (writesAccess(sql)) {
    if (state.open) state.wroteAccess = true
    else await bumpAccessVersion(connection)
  }
  return result
}

/** knex's mysql2 `_query`, through `execute` for queries marked prepared (`query` otherwise). */
function runMysql(
  connection: any,
  obj: KnexQueryObject,
  plain: (connection: any, obj: KnexQueryObject) => Promise<KnexQueryObject>
): Promise<KnexQueryObject> {
  if (!obj?.options?.[PREPARED_OPTION] || !obj.sql) return plain(connection, obj)
  const { [PREPARED_OPTION]: _, ...options } = obj.options
  return new Promise<KnexQueryObject>((resolve, reject) => {
    connection.execute(
      { ...options, sql: obj.sql },
      obj.bindings ?? [],
      (error: any, rows: any, fields: any) => {
        if (error) return reject(error)
        obj.response = [rows, fields]
        resolve(obj)
      }
    )
  })
}

const subclasses = new WeakMap<Function, Function>()

/**
 * The subclass of a knex client class with the statement cache of its driver; undefined for other
 * drivers. A real subclass (not a patched instance): knex builds each transaction's client from
 * `client.constructor.prototype`, so transactions get it too.
 */
function subclassOf(base: any): Function | undefined {
  const driver = base.prototype.driverName
  if (driver !== 'better-sqlite3' && driver !== 'mysql2') return undefined
  let subclass = subclasses.get(base)
  if (!subclass) {
    subclass =
      driver === 'better-sqlite3'
        ? class extends base {
            _query(connection: any, obj: KnexQueryObject) {
              return sqliteQuery.call(this as any, connection, obj)
            }
          }
        : class extends base {
            _query(connection: any, obj: KnexQueryObject) {
              return mysqlQuery.call(this as any, connection, obj, (c, o) => super._query(c, o))
            }
          }
    subclasses.set(base, subclass)
    subclasses.set(subclass, subclass)
  }
  return subclass
}

/**
 * Gives knex's client instance (`knex.client`) the statement cache of its driver. Idempotent;
 * other drivers are left as they are.
 */
export function installOn(client: object | undefined) {
  if (!client) return
  const base = client.constructor
  const subclass = subclassOf(base)
  if (subclass && subclass !== base) Object.setPrototypeOf(client, subclass.prototype)
}

type KnexOptions = { options(options: object): unknown }

/**
 * Marks a query to run as a prepared statement on MySQL (a no-op on SQLite, where every statement
 * is cached): a Lucid query builder or raw query, or a knex builder (for what Lucid's builders lack,
 * such as `onConflict`). Returns it, for chaining.
 */
export function prepared<T extends { knexQuery: KnexOptions } | KnexOptions>(query: T): T {
  const knexQuery: KnexOptions =
    'knexQuery' in query ? (query as { knexQuery: KnexOptions }).knexQuery : (query as KnexOptions)
  knexQuery.options({ [PREPARED_OPTION]: true })
  return query
}
