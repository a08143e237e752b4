import env from '#start/env'
import { defineConfig } from '@adonisjs/lucid'
import { unicodeLower } from '#core/database/filters'
import { projectPath } from '#core/project_path'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

const sqlitePath = projectPath(env.get('SQLITE_PATH', 'tmp/bindery.sqlite3'))
mkdirSync(dirname(sqlitePath), { recursive: true })

/**
 * Transactions on SQLite take the database's write lock when they begin (`BEGIN IMMEDIATE`, where
 * knex sends `BEGIN`): SQLite has one writer at a time. One process serializes its transactions on
 * its single connection; several server processes (WEB_CONCURRENCY) on one file each have their
 * own. A deferred transaction that read before another process committed a write could then not
 * write at all (SQLITE_BUSY at once, a 500: the busy timeout does not apply to a stale snapshot);
 * an immediate one waits up to `busy_timeout` for the lock, then reads the latest rows, as it would
 * in one process. The wait blocks that process's event loop (better-sqlite3 is synchronous), as
 * long as the other process's transaction lasts; reads never wait (WAL).
 */
function beginImmediate(conn: { prepare: (sql: string) => unknown }) {
  const prepare = conn.prepare.bind(conn)
  conn.prepare = (sql: string) => prepare(sql === 'BEGIN;' ? 'BEGIN IMMEDIATE;' : sql)
}

/**
 * SQLite (embedded default) and MySQL/MariaDB (production). Every migration and query runs on both;
 * `DB_CONNECTION` picks one.
 */
const dbConfig = defineConfig({
  connection: env.get('DB_CONNECTION', 'sqlite'),
  prettyPrintDebugQueries: false,
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: {
        filename: sqlitePath,
      },
      useNullAsDefault: true,
      pool: {
        afterCreate: (conn: any, done: (err: Error | null, conn: any) => void) => {
          conn.pragma('foreign_keys = ON')
          conn.pragma('journal_mode = WAL')
          conn.pragma('synchronous = NORMAL')
          // A write waits this long for another process's write transaction (WEB_CONCURRENCY)
          // before it fails; better-sqlite3 waits synchronously (see beginImmediate).
          conn.pragma('busy_timeout = 30000')
          // Unicode-aware LOWER, as MySQL's (case-insensitive filters must match the same rows).
          conn.function('lower', { deterministic: true }, unicodeLower)
          beginImmediate(conn)
          done(null, conn)
        },
      },
      migrations: { naturalSort: true, paths: ['database/migrations'] },
      seeders: { paths: ['database/seeders'] },
    },
    mysql: {
      client: 'mysql2',
      connection: {
        host: env.get('DB_HOST', '127.0.0.1'),
        port: env.get('DB_PORT', 3306),
        user: env.get('DB_USER', 'root'),
        password: env.get('DB_PASSWORD', ''),
        database: env.get('DB_DATABASE', 'bindery'),
        charset: 'utf8mb4',
        timezone: 'Z',
        dateStrings: false,
        supportBigNumbers: true,
      },
      pool: { min: 0, max: 10 },
      migrations: { naturalSort: true, paths: ['database/migrations'] },
      seeders: { paths: ['database/seeders'] },
    },
  },
})

export default dbConfig
